import type { CharacterProfile, ChatMessage, Conversation, LorebookDetail, Persona, SessionUser as ApiUser } from '@fable/contracts';
import { characterProfileFixture } from './testing/characterProfileFixture';
import { apiUserFixture } from './testing/userFixture';

/**
 * The state behind the mock API: what the resource handlers read and change, so a favourite, a renamed
 * conversation or a new persona is still there on the next request, as with the real API. Each test (and the
 * standalone dev harness) gets its own.
 */
export interface MockDb {
  /** Members by id; the signed-in one is whoever's token the request carries. */
  users: Map<string, ApiUser & { highlights?: string | null }>;
  characters: Map<string, CharacterProfile>;
  /** `${userId}:${characterId}` */
  favorites: Set<string>;
  /** `${userId}:${characterId}` → 1 | 3 | 5 */
  ratings: Map<string, 1 | 3 | 5>;
  /** userId → blocked creators (id → username) */
  blocked: Map<string, Map<string, string>>;
  conversations: Map<string, Conversation & { user_id: string }>;
  messages: Map<string, ChatMessage[]>;
  personas: Map<string, (Persona & { user_id: string })[]>;
  /** Lorebooks by id, with their creator's id and when they were made (My Lorebooks lists the newest first). */
  lorebooks: Map<string, MockLorebook>;
  nextId(prefix: string): string;
}

export type MockLorebook = LorebookDetail & { user_id: string; createdAt: string };

export interface MockDbSeed {
  /** The member the dev harness signs in (default: Ada, a free-tier member with a username). */
  member?: Partial<ApiUser>;
  characters?: CharacterProfile[];
  /** Instead of the seeded lorebooks (Nebula Atlas, Ada's Rain City). */
  lorebooks?: MockLorebook[];
}

const seedCharacters = (): CharacterProfile[] => [
  characterProfileFixture(),
  characterProfileFixture({
    id: 'bot2',
    name: 'Brother Aldric',
    title: 'A monk who keeps the last library',
    greeting: 'Quiet, please. The books are sleeping.',
    tags: ['Fantasy', 'Wholesome'],
    creator_user_id: 'creator2',
    creator_username: 'inkwell',
    num_messages: 9_870,
    rating_score: 0.92,
    lorebooks: [],
  }),
  characterProfileFixture({
    id: 'bot3',
    name: 'Detective Vale',
    title: 'Rain, neon and one last case',
    greeting: 'Sit down. You look like trouble.',
    tags: ['Mystery', 'Noir'],
    creator_user_id: 'u1',
    creator_username: 'ada',
    num_messages: 1_204,
    rating_score: 0.74,
    visibility: 'private',
    definition_visible: false,
    lorebooks: [],
  }),
];

/** Lorebooks: the one Captain Mira uses (bot1's lb1, by starwright) and one of Ada's. */
const seedLorebooks = (member: ApiUser): MockLorebook[] => [
  {
    id: 'lb1',
    user_id: 'creator1',
    creator_username: 'starwright',
    name: 'Nebula Atlas',
    description: 'Stars, stations and the strange things between them.',
    avatar_url: '/api/avatars/mira.svg',
    tags: ['Sci-Fi', 'Adventure'],
    createdAt: '2026-10-01T10:00:00.000Z',
    num_entries: 2,
    entries: [
      { id: 'lb1-e1', name: 'The Nightingale', keywords: ['Nightingale', 'ship'], content: 'A fast courier ship with a crew of six and a cat.' },
      { id: 'lb1-e2', name: 'The Veil Nebula', keywords: ['nebula', 'Veil'], content: 'A glowing nebula where compasses spin and radios hum.' },
    ],
  },
  {
    id: 'lb-ada',
    user_id: member.id,
    creator_username: member.username ?? '',
    name: 'Rain City',
    description: 'The city where Detective Vale works: districts, people and old cases.',
    avatar_url: '/api/avatars/mira.svg',
    tags: ['Mystery', 'Noir'],
    createdAt: '2026-11-20T10:00:00.000Z',
    num_entries: 3,
    entries: [
      { id: 'lb-ada-e1', name: 'The Docks', keywords: ['docks', 'harbour'], content: 'Fog, cranes and smugglers; the police come here in pairs.' },
      { id: 'lb-ada-e2', name: 'Inspector Hale', keywords: ['Hale', 'inspector'], content: "Vale's old partner, now his boss, who still owes him a favour." },
      { id: 'lb-ada-e3', name: 'The Blue Lantern', keywords: ['Blue Lantern', 'bar'], content: 'A jazz bar where everyone hears everything.' },
    ],
  },
];

export function createMockDb(seed: MockDbSeed = {}): MockDb {
  const member = apiUserFixture(seed.member);
  let counter = 0;
  return {
    users: new Map([[member.id, { ...member, highlights: null }]]),
    characters: new Map((seed.characters ?? seedCharacters()).map((c) => [c.id, c])),
    favorites: new Set(),
    ratings: new Map(),
    blocked: new Map(),
    conversations: new Map(),
    messages: new Map(),
    personas: new Map([
      [member.id, [{ id: 'persona-ada', user_id: member.id, name: member.name ?? 'Ada', avatar_url: null, highlights: 'A curious traveller.', is_default: true }]],
    ]),
    lorebooks: new Map((seed.lorebooks ?? seedLorebooks(member)).map((l) => [l.id, l])),
    nextId: (prefix) => `${prefix}${++counter}`,
  };
}

/** The first member of the seed: the one the dev harness signs in. */
export const seededMember = (db: MockDb): ApiUser => [...db.users.values()][0]!;
