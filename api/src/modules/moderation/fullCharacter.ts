import type { OwnCharacter } from '@fable/contracts';
import type { Queryable } from '../../infra/db/database';
import { CHARACTER_COLUMNS, toCharacter, type CharacterRow } from '../characters/characterRow';

/**
 * A chatbot as its creator and its moderators see it: the characters row with what authoring keeps beside it
 * (character_authoring, migration 011: card_extras, revision, moderation_updated_at; defaults for a catalog chatbot
 * never saved through the authoring calls), answered as contracts' OwnCharacterSchema (the whole definition, the
 * moderation report, card_extras as stored).
 */
export interface FullCharacterRow extends CharacterRow {
  card_extras: Record<string, unknown>;
  /** int8: a number while it fits (both drivers). */
  revision: number | string;
  moderation_updated_at: Date | null;
}

/** `select` list over `characters c left join character_authoring a` (FULL_CHARACTER_FROM). */
export const FULL_CHARACTER_SELECT = [
  ...CHARACTER_COLUMNS.map((column) => `c.${column}`),
  `coalesce(a.card_extras, '{}'::jsonb) as card_extras`,
  'coalesce(a.revision, 0) as revision',
  'a.moderation_updated_at',
].join(', ');

export const FULL_CHARACTER_FROM = 'characters c left join character_authoring a on a.character_id = c.id';

export async function findFullCharacter(db: Queryable, characterId: string): Promise<FullCharacterRow | null> {
  const { rows } = await db.query<FullCharacterRow>(`select ${FULL_CHARACTER_SELECT} from ${FULL_CHARACTER_FROM} where c.id = $1`, [characterId]);
  return rows[0] ?? null;
}

/**
 * Claims the next revision of a chatbot whose revision was `expected` (compare-and-set), storing what authoring keeps
 * beside it: false when another write came first. Call inside the transaction that writes the chatbot, after locking
 * its characters row.
 */
export async function claimRevision(
  tx: Queryable,
  characterId: string,
  expected: number | string,
  kept: { cardExtras?: Record<string, unknown>; moderationUpdatedAt: Date | null },
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into character_authoring as a (character_id, card_extras, revision, moderation_updated_at)
     values ($1, coalesce($3::jsonb, '{}'::jsonb), 1, $4)
     on conflict (character_id) do update set
       card_extras = coalesce($3::jsonb, a.card_extras), revision = a.revision + 1, moderation_updated_at = excluded.moderation_updated_at
     where a.revision = $2::bigint
     returning a.revision`,
    [characterId, String(expected), kept.cardExtras === undefined ? null : JSON.stringify(kept.cardExtras), kept.moderationUpdatedAt],
  );
  return rowCount > 0;
}

export function toOwnCharacter(row: FullCharacterRow, lorebooks: Array<{ id: string; name: string }> = []): OwnCharacter {
  return {
    ...toCharacter(row, lorebooks),
    token_count: row.token_count,
    card_extras: row.card_extras,
  };
}
