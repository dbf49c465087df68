import { effectiveModerationStatus, moderationSortRank, MODERATION_LABELS, type MyCharacter } from '@fable/contracts';
import type { MyChatbotsFilter, MyChatbotsSort } from '../creatorSlice';

/**
 * What moderation means for a card (document 1 §4 "Moderation"): fix_required is Action Required (the card opens the
 * editor), pending and rereview_required are Under Review, manual_review_required (or the automatic checks' manual
 * review flag) is Under Manual Review (greyed, not clickable); closed and unknown statuses are none.
 */
export type CardModeration = 'fix_required' | 'under_review' | 'manual_review' | null;

export function cardModerationOf(character: Pick<MyCharacter, 'moderationReport' | 'aicq_manual_review_required'>): CardModeration {
  const status = effectiveModerationStatus(character.moderationReport?.moderation_status);
  if (status === 'manual_review_required' || character.aicq_manual_review_required === true) return 'manual_review';
  if (status === 'fix_required') return 'fix_required';
  if (status === 'pending' || status === 'rereview_required') return 'under_review';
  return null;
}

/** The card label of a moderation state (verbatim, document 1 §2), or null. */
export function moderationLabelOf(moderation: CardModeration): string | null {
  if (moderation === 'fix_required') return MODERATION_LABELS.fix_required;
  if (moderation === 'under_review') return MODERATION_LABELS.pending;
  if (moderation === 'manual_review') return MODERATION_LABELS.manual_review_required;
  return null;
}

/** The card variant (document 1 §4 "Card variant otherwise by visibility"): public, private (incl. permanently private), unlisted. */
export type CardVariant = 'public' | 'private' | 'unlisted';

export function cardVariantOf(visibility: MyCharacter['visibility']): CardVariant {
  if (visibility === 'public') return 'public';
  if (visibility === 'hidden') return 'unlisted';
  return 'private';
}

const FILTERS: Record<MyChatbotsFilter, (c: MyCharacter) => boolean> = {
  All: () => true,
  Public: (c) => cardVariantOf(c.visibility) === 'public',
  Private: (c) => cardVariantOf(c.visibility) === 'private',
  Unlisted: (c) => cardVariantOf(c.visibility) === 'unlisted',
  // Waiting for a moderator, automatic or manual.
  'Under Review': (c) => {
    const m = cardModerationOf(c);
    return m === 'under_review' || m === 'manual_review';
  },
  'Action Required': (c) => cardModerationOf(c) === 'fix_required',
};

const time = (iso: string | undefined) => {
  const t = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(t) ? 0 : t;
};
const byName = (a: MyCharacter, b: MyCharacter) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
const newest = (a: MyCharacter, b: MyCharacter) => time(b.createdAt) - time(a.createdAt);

const SORTS: Record<MyChatbotsSort, (a: MyCharacter, b: MyCharacter) => number> = {
  Latest: (a, b) => newest(a, b) || byName(a, b),
  Oldest: (a, b) => -newest(a, b) || byName(a, b),
  // Unrated last; then the most talked to.
  'Top Rated': (a, b) => (b.rating_score ?? -1) - (a.rating_score ?? -1) || b.num_messages - a.num_messages || byName(a, b),
  Name: (a, b) => byName(a, b) || newest(a, b),
};

/** Case-insensitive match of the search in the name or the title; a blank search matches everything. */
export function matchesSearch(character: Pick<MyCharacter, 'name' | 'title'>, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return character.name.toLocaleLowerCase().includes(needle) || character.title.toLocaleLowerCase().includes(needle);
}

/**
 * The chatbots My Chatbots shows: searched, filtered, then in My bots order (document 1 §4: fix_required first, then
 * pending and rereview, then the rest), each group in the chosen sort.
 */
export function visibleChatbots(all: readonly MyCharacter[], { search, filter, sort }: { search: string; filter: MyChatbotsFilter; sort: MyChatbotsSort }): MyCharacter[] {
  const rank = (c: MyCharacter) => moderationSortRank(c.moderationReport?.moderation_status);
  return all
    .filter((c) => FILTERS[filter](c) && matchesSearch(c, search))
    .sort((a, b) => rank(a) - rank(b) || SORTS[sort](a, b));
}
