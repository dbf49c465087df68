import { MOCK_ACCESS_PREFIX } from '.';
import { mockApi } from './testing/mockApi';
import { mockHarness, MOCK_ADMIN_STORAGE_KEY } from './mockHarness';

const ada = { authorization: `Bearer ${MOCK_ACCESS_PREFIX}u1` };
const get = async (path: string) => {
  const response = await fetch(`/api${path}`, { headers: ada });
  return { status: response.status, body: await response.json() };
};

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

/** The mock API as the dev harness starts it, opened with `search`. */
const harnessApi = (search: string) => {
  const harness = mockHarness(search, memoryStorage());
  harness.fill(mockApi({ seed: harness.seed }).db);
};

describe('the dev harness mock API', () => {
  it('is the usual seed unless ?mock-admin=1 asks for an admin, which later pages remember until ?mock-admin=0', () => {
    const storage = memoryStorage();
    expect(mockHarness('', storage).seed).toEqual({});
    expect(mockHarness('?mock-admin=1', storage).seed.member?.permissions).toContain('admin');
    expect(storage.getItem(MOCK_ADMIN_STORAGE_KEY)).toBe('1');
    expect(mockHarness('?tab=drafts', storage).seed.member?.permissions).toContain('admin');
    expect(mockHarness('?mock-admin=0', storage).seed).toEqual({});
    expect(mockHarness('', storage).seed).toEqual({});
  });

  it('as an admin, Ada sees a chatbot in each queue with its history, and one of her own needs fixes', async () => {
    harnessApi('?mock-admin=1');
    for (const [status, name] of [
      ['pending', 'Lady Morwen'],
      ['rereview_required', 'Pip the Courier'],
      ['manual_review_required', 'Dr. Halloway'],
    ]) {
      const queue = await get(`/admin/moderation/characters?status=${status}`);
      expect(queue.status).toBe(200);
      expect(queue.body.items.map((i: { character: { name: string } }) => i.character.name)).toEqual([name]);
    }
    const history = await get('/admin/moderation/characters/review-rereview/audit');
    expect(history.body.entries.map((e: { action: string }) => e.action)).toEqual(['submitted_for_review', 'fixes_required', 'resubmitted']);
    const mine = await get('/users/characters/review-fixes');
    expect(mine.status).toBe(200);
    expect(mine.body.moderationReport).toMatchObject({ moderation_status: 'fix_required', reason_for_moderation: expect.arrayContaining(['The greeting links to another site']) });
  });

  it('without admin mode the moderation calls answer 403', async () => {
    harnessApi('');
    expect((await get('/admin/moderation/characters')).status).toBe(403);
    expect((await get('/users/characters/review-fixes')).status).toBe(404);
  });
});
