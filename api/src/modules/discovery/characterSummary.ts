import type { CharacterSummary } from '@fable/contracts';
import { CARD_COLUMNS, cardFieldsOf, moderationReportOf, type CardRow, type CharacterRow } from '../characters/characterRow';

/** The columns a card needs (CharacterSummarySchema), for list queries; `c` is the characters alias. */
export const SUMMARY_COLUMNS = [
  ...CARD_COLUMNS,
  'moderation_status', 'reason_for_moderation', 'action_taken_description', 'moderation_expires_at',
] as const satisfies ReadonlyArray<keyof CharacterRow>;

export type SummaryRow = Pick<CharacterRow, (typeof SUMMARY_COLUMNS)[number]>;

const selectOf = (columns: readonly string[]) => columns.map((c) => `c.${c}`).join(', ');
export const SUMMARY_SELECT = selectOf(SUMMARY_COLUMNS);
/** The columns of a card without its moderation report (toPublicSummary). */
export const PUBLIC_SUMMARY_SELECT = selectOf(CARD_COLUMNS);

/**
 * A listing card. The moderation report is the creator's business: other viewers get null (the card of a
 * character under manual review is still greyed through aicq_manual_review_required).
 */
export function toCharacterSummary(row: SummaryRow, viewerUserId: string | null, recommId?: string): CharacterSummary {
  const isCreator = viewerUserId !== null && row.creator_user_id === viewerUserId;
  return {
    ...cardFieldsOf(row),
    ...(recommId === undefined ? {} : { recommId }),
    moderationReport: isCreator ? moderationReportOf(row) : null,
  };
}

/** A card as anyone sees it, the creator included: never a moderation report (search hits). */
export function toPublicSummary(row: CardRow): CharacterSummary {
  return { ...cardFieldsOf(row), moderationReport: null };
}
