import { MOCK_ACCESS_PREFIX } from '..';
import { mockApi } from '../testing/mockApi';

const json = { 'content-type': 'application/json' };
const member = { ...json, authorization: `Bearer ${MOCK_ACCESS_PREFIX}u1` };
const guest = { ...json, 'X-Guest-User-Id': 'guest-1' };
const send = async (headers: Record<string, string>, body: unknown) => {
  const response = await fetch('/api/reports', { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
};
const report = (characterId: string, extra: object = {}) => ({
  character_id: characterId,
  userIssueType: 'Guidelines',
  userReportDetails: 'Breaks the rules',
  userExpectedResolution: 'deleted',
  ...extra,
});

describe('the mock API keeps the report rules of the API', () => {
  it('takes reports from guests and members, one open report per reporter and chatbot', async () => {
    mockApi();
    const first = await send(member, report('bot1'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'open' });
    expect(Date.parse(first.body.handled_by) - Date.parse(first.body.created_at)).toBe(7 * 24 * 60 * 60 * 1000);
    expect((await send(member, report('bot1', { userIssueType: 'Invalid' }))).body.report_id).toBe(first.body.report_id);
    const byGuest = await send(guest, report('bot1'));
    expect(byGuest.status).toBe(200);
    expect(byGuest.body.report_id).not.toBe(first.body.report_id);
  });

  it('refuses unknown chatbots, someone else’s private ones, your own, callers without a guest id, bad bodies', async () => {
    mockApi();
    expect((await send(member, report('nope'))).body.error.code).toBe('character_not_found');
    expect((await send(guest, report('bot3'))).status).toBe(404);
    expect((await send(member, report('bot3'))).body.error).toEqual({ code: 'own_character', message: 'You cannot report your own chatbot.' });
    expect((await send(json, report('bot1'))).status).toBe(401);
    expect((await send(member, report('bot1', { userReportDetails: '' }))).status).toBe(400);
  });
});
