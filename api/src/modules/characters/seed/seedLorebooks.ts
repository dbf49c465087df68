import { avatarUrl } from '../../avatars/avatarSvg';
import { GENRE_BY_ID, GENRE_WEIGHTS, itemDates, pickTags, type CatalogContext } from './catalogContext';
import type { SeedLorebook, SeedLorebookEntry } from './catalogTypes';
import { LOREBOOK_ENTRY_NAMES, LOREBOOK_ENTRY_TEMPLATES, LOREBOOK_FEATURES } from './englishFragments';
import { Random } from './random';
import { capitalize, clampText, fill } from './seedText';

/** A seed lorebook with its entries, from (seed, index) alone: a genre's theme and place, 3 to 12 entries. */
export function seedLorebook(ctx: CatalogContext, j: number): SeedLorebook {
  const { seed } = ctx;
  const r = new Random(seed, `lorebook:${j}`);
  const id = ctx.lorebookId(j);
  const genre = GENRE_BY_ID.get(r.weighted(GENRE_WEIGHTS))!;
  const owner = ctx.creator(ctx.pickCreatorIndex(r));
  const applicationId = r.weighted(ctx.appWeights);
  const app = ctx.appById.get(applicationId)!;
  const theme = r.pick(genre.lorebookThemes);
  const setting = r.pick(genre.places);
  const place = setting.replace(/^(the|a|an) /i, '');
  const longName = `${capitalize(place)}: ${theme}`;
  const name = longName.length <= 25 ? longName : theme.slice(0, 25);
  const { created, updated } = itemDates(r, ctx.nowMs);
  const entryNames = r.sample(LOREBOOK_ENTRY_NAMES, r.int(3, 12));
  const entries = entryNames.map((entryName, position): SeedLorebookEntry => {
    const template = r.pick(LOREBOOK_ENTRY_TEMPLATES);
    const feature = r.pick(LOREBOOK_FEATURES);
    const words = entryName.toLowerCase().replace(/^the /, '').split(/[\s']+/).filter((w) => w.length > 2);
    const featureWords = feature.split(' ').filter((w) => w.length > 3);
    const keywords = [...new Set([entryName.toLowerCase(), ...words, ...featureWords.slice(-1)])].slice(0, 6);
    return {
      id: new Random(seed, `lorebook-entry:${j}:${position}`).uuid(),
      lorebook_id: id,
      position,
      name: entryName,
      keywords: keywords.length >= 2 ? keywords : [...keywords, 'lore'],
      content: clampText(fill(template.content, { entry: entryName, feature }), 1000),
      created_at: created,
      updated_at: updated,
    };
  });
  return {
    id,
    application_id: applicationId,
    creator_user_id: owner.user_id,
    creator_username: owner.username,
    name,
    description: clampText(`${theme} for ${genre.tags[0] ?? 'roleplay'} stories set in ${setting}.`, 100),
    avatar_url: avatarUrl(name, id.slice(0, 8)),
    tags: pickTags(r, app, [...genre.tags, ...r.sample(genre.extraTags, 1)], false),
    created_at: created,
    updated_at: updated,
    entries,
  };
}
