import type { CharacterVisibility, ChatLanguage, LoraStatus, ModerationStatus } from '@fable/contracts';
import { avatarUrl } from '../../avatars/avatarSvg';
import { DAY_MS, SEED_SHARES, YEAR_DAYS, itemDates, pickTags, type CatalogContext } from './catalogContext';
import type { SeedCharacter } from './catalogTypes';
import { englishText, localizedText, localizedTitle } from './characterText';
import { LOCALIZED } from './localizedFragments';
import { Random } from './random';

/**
 * A seed character, from (seed, index) alone: its application, language, creator and dates, its words
 * (characterText.ts), translations, tags, usage figures and moderation state.
 */

const MODERATION_REASONS = [
  'Avatar does not follow the guidelines',
  'Tags do not match the content',
  'Missing NSFW label',
  'Greeting breaks the community guidelines',
  'Reported by users',
];

const LOCALIZED_BY_LANGUAGE = new Map(LOCALIZED.map((l) => [l.language, l]));

export function seedCharacter(ctx: CatalogContext, index: number): SeedCharacter {
  const { seed, appWeights, appById, lorebookCount } = ctx;
  const r = new Random(seed, `character:${index}`);
  const id = new Random(seed, `character-id:${index}`).uuid();
  const applicationId = r.weighted(appWeights);
  const app = appById.get(applicationId)!;
  const language = r.weighted(SEED_SHARES.language) as ChatLanguage;
  const nsfw = r.chance(SEED_SHARES.nsfw);
  const visibility = r.weighted(SEED_SHARES.visibility);
  const age = nsfw ? r.int(21, 45) : r.int(19, 60);
  const creatorIndex = ctx.pickCreatorIndex(r);
  const owner = ctx.creator(creatorIndex);
  const { ageDays, created, updated } = itemDates(r, ctx.nowMs);
  const localized = language === 'en' ? undefined : LOCALIZED_BY_LANGUAGE.get(language);

  const text = localized ? localizedText(r, localized, nsfw, age) : englishText(r, nsfw, age);

  const translated: ChatLanguage[] = [];
  const nameI18n: Partial<Record<ChatLanguage, string>> = {};
  const titleI18n: Partial<Record<ChatLanguage, string>> = {};
  if (!localized && r.chance(SEED_SHARES.translated)) {
    for (const lang of r.sample(LOCALIZED, r.int(1, 3))) {
      translated.push(lang.language);
      nameI18n[lang.language] = text.name;
      titleI18n[lang.language] = localizedTitle(r, lang, text.genre, text.gender);
    }
  } else if (localized && r.chance(0.25)) {
    translated.push('en');
    nameI18n.en = text.name;
    titleI18n.en = text.englishTitle;
  }

  const tags = pickTags(r, app, text.tags, nsfw);
  const definition = [text.greeting, text.persona, text.scenario ?? '', text.dialogue ?? ''].join('\n');
  const lorebookIds = r.chance(SEED_SHARES.lorebookLink) ? [ctx.lorebookId(r.int(0, lorebookCount - 1))] : [];
  const loraStatus: LoraStatus = r.weighted({ none: 81, ready: 15, pending: 3, failed: 1 });

  return {
    id,
    application_id: applicationId,
    creator_user_id: owner.user_id,
    creator_username: owner.username,
    name: text.name,
    title: text.title,
    description: text.description,
    persona: text.persona,
    scenario: text.scenario,
    greeting: text.greeting,
    dialogue: text.dialogue,
    tags,
    language,
    name_i18n: nameI18n,
    title_i18n: titleI18n,
    translated_languages: translated,
    is_nsfw: nsfw,
    avatar_url: avatarUrl(text.name, id.slice(0, 8)),
    avatar_is_nsfw: nsfw && r.chance(0.35),
    visibility,
    definition_visible: visibility === 'public' && r.chance(0.75),
    guidelines: true,
    type: 'character',
    sub_character_ids: [],
    token_count: Math.ceil(definition.length / 4),
    ...usage(r, ageDays, visibility),
    lora_status: loraStatus,
    ...moderation(r, visibility, created),
    created_at: created,
    updated_at: updated,
    lorebook_ids: lorebookIds,
  };
}

/** Usage figures: messages (in all and on the last day), ratings and favourites. */
function usage(r: Random, ageDays: number, visibility: CharacterVisibility) {
  // Log-normal message counts: median ~150, a long tail into the millions for the most popular characters.
  const reach = visibility === 'public' ? 1 : visibility === 'hidden' ? 0.15 : 0.03;
  const raw = Math.exp(5 + 2.6 * r.gaussian()) * (0.3 + ageDays / YEAR_DAYS) * reach;
  const numMessages = ageDays < 0.5 && r.chance(0.5) ? 0 : Math.min(50_000_000, Math.floor(raw));
  // Newer characters trend: a larger share of their messages is from the last day.
  const dayShare = Math.min(1, (r.next() * 2) / (ageDays + 2));
  const num24h = Math.min(numMessages, 2_000_000_000, Math.floor(numMessages * dayShare * (r.chance(0.3) ? 0 : 1)));
  const ratingCount = numMessages > 0 ? Math.floor(numMessages / r.int(40, 400)) : 0;
  const score = ratingCount > 0 ? Math.min(1, Math.max(0.05, 0.78 + 0.12 * r.gaussian())) : null;
  return {
    num_messages: numMessages,
    num_messages_24h: num24h,
    rating_count: ratingCount,
    rating_score: score === null ? null : Math.round(score * 1000) / 1000,
    num_favorites: Math.floor(numMessages / r.int(80, 900)),
  };
}

/** The moderation state: mostly none, a few closed, pending or to fix (with reasons). */
function moderation(r: Random, visibility: CharacterVisibility, created: Date) {
  const status: ModerationStatus | 'none' =
    visibility === 'public'
      ? r.weighted({ none: 880, closed: 60, pending: 30, rereview_required: 10, fix_required: 15, manual_review_required: 5 })
      : r.weighted({ none: 95, closed: 5 });
  const fix = status === 'fix_required';
  return {
    moderation_status: status === 'none' ? null : status,
    reason_for_moderation: fix ? r.sample(MODERATION_REASONS, r.int(1, 2)) : [],
    action_taken_description: fix ? 'Unpublished until the listed issues are fixed and the chatbot is resubmitted.' : null,
    moderation_expires_at: fix && r.chance(0.2) ? new Date(created.getTime() + 7 * DAY_MS) : null,
    aicq_manual_review_required: status === 'manual_review_required',
    submit_for_manual_review: status === 'pending' && r.chance(0.2),
    reports_type: fix || r.chance(0.01) ? ['User'] : [],
  };
}
