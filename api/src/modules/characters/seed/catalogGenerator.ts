import { catalogContext } from './catalogContext';
import type { CatalogOptions, SeedActivity, SeedCharacter, SeedCreator, SeedLorebook } from './catalogTypes';
import { dailyActivity } from './seedActivity';
import { seedCharacter } from './seedCharacters';
import { seedLorebook } from './seedLorebooks';

/**
 * The seed catalog generator: pure and deterministic. The same options give the same creators, characters and
 * lorebooks, and each item is computed from (seed, kind, index) alone, so a catalog can be generated in chunks,
 * in any order, and topped up later (indices past the ones already stored).
 *
 * The items: creators and what all items share (catalogContext.ts), characters (seedCharacters.ts, their words in
 * characterText.ts), lorebooks (seedLorebooks.ts), daily activity (seedActivity.ts).
 */

export type { CatalogOptions, SeedActivity, SeedApplication, SeedCharacter, SeedCreator, SeedLorebook, SeedLorebookEntry } from './catalogTypes';
export { SEED_SHARES } from './catalogContext';

export interface CatalogGenerator {
  readonly options: CatalogOptions;
  readonly creatorCount: number;
  readonly lorebookCount: number;
  creator(index: number): SeedCreator;
  character(index: number): SeedCharacter;
  lorebook(index: number): SeedLorebook;
  /**
   * Daily activity of a public character from the first day of the month before `now` to the day of `now`: its
   * num_messages_24h on the day of `now`, and the share of its other messages (and favourites) that falls in the
   * window, in a few rows on distinct days (more rows for busier characters). Nothing for other visibilities.
   */
  activity(character: SeedCharacter): SeedActivity[];
}

/** Creators for a catalog of n characters: about one per twelve characters, a few prolific ones. */
export const creatorCountFor = (n: number) => Math.max(5, Math.ceil(n / 12));
/** Lorebooks for a catalog of n characters: "a few", growing slowly. */
export const lorebookCountFor = (n: number) => Math.min(750, Math.max(3, Math.round(n / 400)));

export function createCatalogGenerator(options: CatalogOptions): CatalogGenerator {
  if (options.applications.length === 0) throw new Error('the seed needs at least one application');
  const creatorCount = creatorCountFor(options.characters);
  const lorebookCount = lorebookCountFor(options.characters);
  const ctx = catalogContext(options, { creatorCount, lorebookCount });
  return {
    options,
    creatorCount,
    lorebookCount,
    creator: ctx.creator,
    character: (index) => seedCharacter(ctx, index),
    lorebook: (index) => seedLorebook(ctx, index),
    activity: (character) => dailyActivity(ctx, character),
  };
}
