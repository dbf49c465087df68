import { z } from 'zod';
import { ModerationDecisionBodySchema } from '../entities/moderationAudit';
import { API_ACCESS_LEVELS, type ApiCall } from './apiCall';
import { authCalls } from './auth';
import { characterCalls } from './characters';
import { chatCalls } from './chat';
import { devCalls } from './devMailbox';
import { discoveryCalls } from './discovery';
import { leaderboardCalls } from './leaderboard';
import { ModerationQueueQuerySchema, moderationCalls } from './moderation';
import { usersCalls } from './users';

const mine: ApiCall[] = [...Object.values(characterCalls), ...Object.values(moderationCalls)];
const all = [
  ...mine,
  ...Object.values(authCalls),
  ...Object.values(usersCalls),
  ...Object.values(devCalls),
  ...Object.values(discoveryCalls),
  ...Object.values(leaderboardCalls),
  ...Object.values(chatCalls),
];

describe('authoring and moderation calls', () => {
  it('use paths no other call uses, members for authoring and admins for moderation', () => {
    const keys = all.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const call of Object.values(characterCalls)) expect(call.access).toBe('member');
    for (const call of Object.values(moderationCalls)) expect(call.access).toBe('admin');
    for (const call of mine) expect(API_ACCESS_LEVELS).toContain(call.access);
  });

  it('keep the spec’s paths: GET users/characters, DELETE characters/{id}', () => {
    expect(characterCalls.myCharacters).toMatchObject({ method: 'GET', path: '/users/characters' });
    expect(characterCalls.deleteCharacter).toMatchObject({ method: 'DELETE', path: '/characters/:characterId' });
    expect(characterCalls.myCharacters.query.parse({ switch: 'T1' })).toEqual({ switch: 'T1' });
    expect(characterCalls.myCharacters.query.parse({ type: 'group' })).toEqual({ type: 'group' });
  });

  it('can be described as JSON Schema (the OpenAPI document is generated from them)', () => {
    for (const call of mine) {
      for (const schema of [call.body, call.query, call.response]) {
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' })).not.toThrow();
      }
    }
  });

  it('moderation queue: status list, default all three', () => {
    expect(ModerationQueueQuerySchema.parse({})).toEqual({ status: ['pending', 'rereview_required', 'manual_review_required'], page: 1 });
    expect(ModerationQueueQuerySchema.parse({ status: 'pending,rereview_required' }).status).toEqual(['pending', 'rereview_required']);
    expect(ModerationQueueQuerySchema.safeParse({ status: 'fix_required' }).success).toBe(false);
  });

  it('a fixes-required decision needs a reason', () => {
    expect(ModerationDecisionBodySchema.safeParse({ decision: 'require_fixes' }).error?.issues[0]?.message).toBe('Give at least one reason for the fixes');
    expect(ModerationDecisionBodySchema.parse({ decision: 'approve' })).toEqual({ decision: 'approve', reason_for_moderation: [] });
  });
});
