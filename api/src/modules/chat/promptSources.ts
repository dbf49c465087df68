import type { TranslatedFields } from '@fable/contracts';
import { prepared, type Queryable } from '../../infra/db/database';
import type { CharacterRow } from '../characters/characterRow';
import { CHARACTER_SELECT } from '../discovery/characterAccess';
import { MEMBER_COLUMNS, type MemberRow } from '../groupChats/groupMembers';
import { loadPromptMemories, promptMemoriesJson, type RecallMemory } from '../memories/promptMemories';
import type { ConversationMemories } from '../memories/recall/conversationMemories';
import { promptPersonaJson, type PromptPersona } from '../personas/promptPersona';
import { sourceHash } from '../translations/translationRepository';
import type { ConversationRow } from './chatRepository';
import type { PromptLoreEntry } from '@fable/rules/lore';

/**
 * Everything a chat turn reads before it calls the engine, in one statement (one round trip, one snapshot): the
 * character with the caller's block of its creator and its lorebook entries (a group chat: its members with their
 * definitions, README "Group chats"); for a member, their conversation,
 * its main line (newest first), its prompt memories, and the persona of the turn. The time the platform adds to
 * the engine's first token is mostly this read (see scripts/bench/chatBench.ts).
 */

/** One message of the main line as the prompt needs it. */
export interface TurnHistoryMessage {
  id: string;
  prev_id: string | null;
  role: 'user' | 'assistant';
  content: string;
  token_count: number;
  /** The group member that wrote a reply (messages.sub_character_id); null elsewhere. */
  sub_character_id: string | null;
}

/** A group chat's member as a turn reads it: the group rule's row (groupMembers.ts) and what its prompt needs. */
export interface TurnMemberRow extends MemberRow {
  persona: string;
  scenario: string | null;
  dialogue: string | null;
  greeting: string;
  aicq_manual_review_required: boolean;
  /** It uses a lorebook (its entries are read once it is chosen to speak: loadSpeakerLore). */
  has_lore: boolean;
}

export interface TurnContext {
  character: CharacterRow & { blocked: boolean; lore: PromptLoreEntry[] };
  /** A group chat's members as saved (sub_character_ids order), before the group rule picks those the caller sees; [] for a chatbot. */
  members: TurnMemberRow[];
  /** The member's conversation (null for a guest, a new conversation, or one that is not theirs). */
  conversation: ConversationRow | null;
  history: TurnHistoryMessage[];
  memories: RecallMemory[];
  persona: PromptPersona | null;
  /** Whether the conversation's cart addition is already recorded (recommender/cartAdditions.ts): a turn then skips it. */
  cartAdded: boolean;
}

/**
 * The entries of the character `c` (an alias in the enclosing query) as a json array, in lorebook then entry order,
 * with what the lore engine reads: name, keywords, content and the imported entry's extensions (left out when empty,
 * as for entries made in the form).
 */
const loreEntriesJson = (characterId: string) => `coalesce((
    select json_agg(json_build_object('id', e.id, 'name', e.name, 'keywords', e.keywords, 'content', e.content,
                                      'extensions', nullif(e.extensions, '{}'::jsonb)) order by cl.lorebook_id, e.position)
      from character_lorebooks cl join lorebook_entries e on e.lorebook_id = cl.lorebook_id
     where cl.character_id = ${characterId}), '[]'::json)`;

/**
 * A group's members (the group `c` of the enclosing query) as a json array in the group's order: the group rule's
 * columns (MEMBER_COLUMNS, over its own alias `c`) and each one's definition. A chatbot's is empty.
 */
const MEMBERS_JSON = `(case when c.type = 'group' then coalesce((
    select json_agg(row_to_json(mm) order by mm.ord) from (
      select ${MEMBER_COLUMNS}, c.persona, c.scenario, c.dialogue, c.greeting, c.aicq_manual_review_required,
             exists(select 1 from character_lorebooks cl where cl.character_id = c.id) as has_lore, ids.ord
        from unnest((select g.sub_character_ids from characters g where g.id = $1::text)) with ordinality as ids(id, ord)
        join characters c on c.id = ids.id) mm), '[]'::json) else '[]'::json end)`;

// $1 character, $2 user (null for guests), $3 conversation (null when new), $4 persona asked, $5/$6 caps, $7 the
// memory revision the process holds (null: none; the memories are then left out when it is still the conversation's).
// `own` is the conversation when it is the user's: read once, used by every part below.
const TURN_CONTEXT_SQL = prepared('chat_turn_context', `
  with own as (
    select id, user_id::text as user_id, character_id, user_persona_id, label, voice_id, message_count, last_message_id, memories_rev,
           cart_added_at is not null as cart_added
      from conversations where id = $3::text and user_id = $2::uuid)
  select ${CHARACTER_SELECT},
    exists(select 1 from creator_blocks b where b.user_id = $2::uuid and b.creator_user_id = c.creator_user_id) as blocked,
    ${loreEntriesJson('c.id')} as lore,
    ${MEMBERS_JSON} as turn_members,
    (select row_to_json(own) from own) as turn_conversation,
    coalesce((select json_agg(json_build_object('id', h.id, 'prev_id', h.prev_id, 'role', h.role, 'content', h.content, 'token_count', h.token_count,
                                                'sub_character_id', h.sub_character_id) order by h.seq desc)
       from (select m.id, m.prev_id, m.role, m.content, m.token_count, m.sub_character_id, m.seq from messages m
              where m.conversation_id = (select id from own) and not m.is_alternative
              order by m.seq desc limit $5::int) h), '[]'::json) as turn_history,
    (select memories_rev from own) as turn_memories_rev,
    case when (select memories_rev from own) = $7::int then null else ${promptMemoriesJson('(select id from own)', '$6::int')} end as turn_memories,
    ${promptPersonaJson('$2::uuid', 'coalesce($4::text, (select user_persona_id from own))')} as turn_persona,
    (select json_build_object('fields', t.fields, 'source_hash', t.source_hash) from character_translations t
      where t.character_id = c.id and t.status = 'done'
        and t.language = (select u.settings->>'chatLanguage' from users u where u.id = $2::uuid)) as turn_translation
  from characters c where c.id = $1::text`);

type TurnContextRow = TurnContext['character'] & {
  turn_members: Array<TurnMemberRow & { ord?: number }>;
  turn_conversation: (ConversationRow & { memories_rev: number; cart_added: boolean }) | null;
  turn_history: TurnHistoryMessage[];
  turn_memories_rev: number | null;
  /** Null when the process holds the conversation's memories at their revision. */
  turn_memories: RecallMemory[] | null;
  turn_persona: PromptPersona | null;
  /** A done translation into the member's chat language (modules/translations). */
  turn_translation: { fields: TranslatedFields; source_hash: string } | null;
};

/** The turn's context, or null when the character does not exist. */
export async function loadTurnContext(
  db: Queryable,
  q: { characterId: string; userId: string | null; conversationId: string | null; personaId: string | null; historyMax: number; memoryMax: number },
  held?: ConversationMemories,
): Promise<TurnContext | null> {
  const heldRevision = held && q.conversationId ? held.revisionOf(q.conversationId) : null;
  const { rows } = await db.query<TurnContextRow>(TURN_CONTEXT_SQL, [q.characterId, q.userId, q.conversationId, q.personaId, q.historyMax, q.memoryMax, heldRevision]);
  const row = rows[0];
  if (!row) return null;
  const { turn_conversation, turn_history, turn_memories, turn_memories_rev, turn_persona, turn_members, turn_translation, ...own } = row;
  // The member chats with the chatbot in their chat language when it has been translated into it, from this version.
  const translated = turn_translation && turn_translation.source_hash === sourceHash(own) ? turn_translation.fields : null;
  const character = translated ? { ...own, ...translated } : own;
  const members = turn_members.map(({ ord: _, ...m }) => m);
  let memories = turn_memories;
  if (turn_conversation && turn_memories_rev !== null) {
    // Held: the process's copy (or, dropped meanwhile, a read of its own); read: kept for the next turns.
    if (memories === null) memories = held?.get(turn_conversation.id, turn_memories_rev) ?? (await loadPromptMemories(db, turn_conversation.id, q.memoryMax));
    else held?.set(turn_conversation.id, turn_memories_rev, memories);
  }
  let conversation: ConversationRow | null = null;
  if (turn_conversation) {
    const { memories_rev: _rev, cart_added: _cart, ...rest } = turn_conversation;
    conversation = rest;
  }
  return {
    character,
    members,
    conversation,
    history: turn_history,
    memories: memories ?? [],
    persona: turn_persona,
    cartAdded: turn_conversation?.cart_added ?? false,
  };
}

/** The lorebook entries of a group member chosen to speak (one statement; the group's own come with the turn's read). */
export async function loadSpeakerLore(db: Queryable, memberId: string): Promise<PromptLoreEntry[]> {
  const { rows } = await db.query<{ lore: PromptLoreEntry[] }>(`select ${loreEntriesJson('$1::text')} as lore`, [memberId]);
  return rows[0]?.lore ?? [];
}
