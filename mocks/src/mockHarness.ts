import { permissionsFor, type CharacterProfile, type ModerationAuditEntry, type ModerationReport } from '@fable/contracts';
import { characterProfileFixture } from './testing/characterProfileFixture';
import type { MockDb, MockDbSeed } from './mockDb';
import { recordModerationAudit } from './resources/moderation';

/** The URL parameter that turns the dev harness's admin mode on (`?mock-admin=1`) or off (`?mock-admin=0`). */
export const MOCK_ADMIN_PARAM = 'mock-admin';
/** Where the harness remembers the admin mode, so that later pages (each a fresh mock database) keep it. */
export const MOCK_ADMIN_STORAGE_KEY = 'fable.mock-admin';

const ADA = { id: 'u1', username: 'ada' };
const at = (minutesAgo: number) => new Date(Date.UTC(2026, 10, 24, 12, 0) - minutesAgo * 60_000).toISOString();

/** A chatbot waiting in (or coming back from) review, for the moderation console and the editor's banner. */
function reviewSample(id: string, report: ModerationReport, over: Partial<CharacterProfile>): CharacterProfile {
  return characterProfileFixture({
    id,
    lorebooks: [],
    num_messages: 0,
    rating_score: null,
    num_favorites: 0,
    createdAt: at(600),
    moderationReport: report,
    ...over,
  });
}

const reviewSamples = (): CharacterProfile[] => [
  reviewSample(
    'review-pending',
    { moderation_status: 'pending', reason_for_moderation: [] },
    {
      name: 'Lady Morwen',
      title: 'Keeper of the drowned lighthouse, who trades secrets for stories',
      tags: ['Fantasy', 'Mystery', 'Female'],
      creator_user_id: 'creator2',
      creator_username: 'inkwell',
      updatedAt: at(180),
    },
  ),
  reviewSample(
    'review-rereview',
    { moderation_status: 'rereview_required', reason_for_moderation: [] },
    {
      name: 'Pip the Courier',
      title: 'Delivers anything, anywhere, no questions asked',
      tags: ['Adventure', 'Comedy'],
      creator_user_id: 'creator1',
      creator_username: 'starwright',
      updatedAt: at(45),
    },
  ),
  reviewSample(
    'review-manual',
    { moderation_status: 'manual_review_required', reason_for_moderation: [] },
    {
      name: 'Dr. Halloway',
      title: 'A retired surgeon with a cabinet of curiosities',
      tags: ['Horror', 'Mystery'],
      creator_user_id: 'creator2',
      creator_username: 'inkwell',
      updatedAt: at(20),
    },
  ),
  reviewSample(
    'review-fixes',
    {
      moderation_status: 'fix_required',
      reason_for_moderation: ['The greeting links to another site', 'Add a second tag that says what the chatbot is about'],
      action_taken_description: 'Remove the link and resubmit; everything else looks good.',
    },
    {
      name: 'Sergeant Kass',
      title: 'Drill instructor of the last orbital academy',
      tags: ['Sci-Fi', 'Military'],
      creator_user_id: ADA.id,
      creator_username: ADA.username,
      updatedAt: at(90),
      viewer: { is_creator: true, is_favorite: false, rating: null, creator_blocked: false },
    },
  ),
];

function entry(
  id: string,
  characterId: string,
  minutesAgo: number,
  actor: { id: string; username: string; role: ModerationAuditEntry['actor_role'] },
  change: Pick<ModerationAuditEntry, 'action' | 'from_status' | 'to_status'> & Partial<Pick<ModerationAuditEntry, 'reason_for_moderation' | 'action_taken_description' | 'findings'>>,
): ModerationAuditEntry {
  return {
    id,
    character_id: characterId,
    actor_user_id: actor.id,
    actor_username: actor.username,
    actor_role: actor.role,
    reason_for_moderation: [],
    action_taken_description: null,
    findings: [],
    createdAt: at(minutesAgo),
    ...change,
  };
}

const MODERATOR = { id: 'mod1', username: 'warden', role: 'moderator' as const };
const creator = (id: string, username: string) => ({ id, username, role: 'creator' as const });

/** The samples' history: how each came to the status it is in. */
const reviewAudit = (): ModerationAuditEntry[] => [
  entry('audit-s1', 'review-pending', 180, creator('creator2', 'inkwell'), { action: 'submitted_for_review', from_status: null, to_status: 'pending' }),
  entry('audit-s2', 'review-rereview', 300, creator('creator1', 'starwright'), { action: 'submitted_for_review', from_status: null, to_status: 'pending' }),
  entry('audit-s3', 'review-rereview', 200, MODERATOR, {
    action: 'fixes_required',
    from_status: 'pending',
    to_status: 'fix_required',
    reason_for_moderation: ['The title promises illegal deliveries'],
    action_taken_description: 'Keep the courier, drop the contraband.',
  }),
  entry('audit-s4', 'review-rereview', 45, creator('creator1', 'starwright'), { action: 'resubmitted', from_status: 'fix_required', to_status: 'rereview_required' }),
  entry('audit-s5', 'review-manual', 20, creator('creator2', 'inkwell'), {
    action: 'submitted_for_manual_review',
    from_status: null,
    to_status: 'manual_review_required',
    findings: [{ code: 1212, kind: 'explicit', field: 'persona', rule: 'explicit_terms' }],
  }),
  entry('audit-s6', 'review-fixes', 240, creator(ADA.id, ADA.username), { action: 'submitted_for_review', from_status: null, to_status: 'pending' }),
  entry('audit-s7', 'review-fixes', 90, MODERATOR, {
    action: 'fixes_required',
    from_status: 'pending',
    to_status: 'fix_required',
    reason_for_moderation: ['The greeting links to another site', 'Add a second tag that says what the chatbot is about'],
    action_taken_description: 'Remove the link and resubmit; everything else looks good.',
  }),
];

/** What the dev harness starts the mock API with: the seed, and what it adds to the database made from it. */
export interface MockHarness {
  seed: MockDbSeed;
  fill(db: MockDb): void;
}

/**
 * The standalone dev harness's mock API. By default the usual seed: Ada, a member, and the usual chatbots. Opened
 * with `?mock-admin=1`, Ada is also an admin (the employee role, as the API's admin emails are) and the database gets
 * chatbots in each moderation queue with their history, and one of Ada's that needs fixes, so the moderation console
 * and the editor's moderation banner have something to show. The choice is remembered in `storage` until
 * `?mock-admin=0`.
 */
export function mockHarness(search: string, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): MockHarness {
  const asked = new URLSearchParams(search).get(MOCK_ADMIN_PARAM);
  if (asked === '1') storage.setItem(MOCK_ADMIN_STORAGE_KEY, '1');
  if (asked === '0') storage.removeItem(MOCK_ADMIN_STORAGE_KEY);
  if (storage.getItem(MOCK_ADMIN_STORAGE_KEY) !== '1') return { seed: {}, fill: () => undefined };
  return {
    seed: { member: { roles: ['free_tier', 'employee'], permissions: permissionsFor('free', ['employee']) } },
    fill: (db) => {
      for (const character of reviewSamples()) db.characters.set(character.id, character);
      recordModerationAudit(db, reviewAudit());
    },
  };
}
