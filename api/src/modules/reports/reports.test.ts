import { AdminReportSchema, AdminReportsSchema, REPORT_MESSAGES, ReportReceiptSchema } from '@fable/contracts';
import { BACKENDS } from '../../testing/testDatabases';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, chatbotTestApp, guestHeaders, type Member } from '../moderation/testing/chatbotTestKit';
import type { TestApp } from '../../testing/testApp';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)('chatbot reports on %s', (backend) => {
  const kit = chatbotTestApp(backend, ['creator', 'reporter', 'other']);
  let t: TestApp;
  let admin: Member;
  let creator: Member;
  let reporter: Member;
  let other: Member;
  beforeAll(() => {
    ({ t, admin, members: { creator, reporter, other } } = kit);
  });

  const creatorOf = (m: Member) => ({ user_id: m.id, username: m.username });
  const publicBot = async (fields = {}) => insertCharacter(t.db, creatorOf(creator), fields);
  const body = (characterId: string, fields: object = {}) => ({
    character_id: characterId,
    userIssueType: 'Guidelines',
    userReportDetails: 'It breaks the guidelines.',
    userExpectedResolution: 'deleted',
    ...fields,
  });
  const report = (headers: Record<string, string>, payload: unknown) => call(t, 'POST', '/reports', headers, payload);
  const rowsOf = async (characterId: string) =>
    (
      await t.db.query<{ id: string; reporter_kind: string; issue_type: string; details: string; expected_resolution: string; status: string }>(
        'select id, reporter_kind, issue_type, details, expected_resolution, status from character_reports where character_id = $1 order by created_at, id',
        [characterId],
      )
    ).rows;
  const openList = async () => AdminReportsSchema.parse((await call(t, 'GET', '/admin/reports', admin.headers)).body);

  it('stores a member’s report and answers its id, open, handled within 7 days', async () => {
    const bot = await publicBot();
    const sent = await report(reporter.headers, body(bot.id, { userReportDetails: '  Trimmed details.  ' }));
    expect(sent.status).toBe(200);
    const receipt = ReportReceiptSchema.parse(sent.body);
    expect(receipt.status).toBe('open');
    expect(Date.parse(receipt.handled_by) - Date.parse(receipt.created_at)).toBe(7 * DAY_MS);
    expect(await rowsOf(bot.id)).toEqual([
      { id: receipt.report_id, reporter_kind: 'member', issue_type: 'Guidelines', details: 'Trimmed details.', expected_resolution: 'deleted', status: 'open' },
    ]);
  });

  it('stores a guest’s report, and an unlisted chatbot can be reported by its link', async () => {
    const bot = await publicBot({ visibility: 'hidden' });
    const sent = await report(guestHeaders(), body(bot.id, { userIssueType: 'Categorization', userExpectedResolution: 'private' }));
    expect(sent.status).toBe(200);
    expect(await rowsOf(bot.id)).toMatchObject([{ id: sent.body.report_id, reporter_kind: 'guest', issue_type: 'Categorization', expected_resolution: 'private' }]);
  });

  it('needs a guest id or a member: anonymous callers get 401', async () => {
    const bot = await publicBot();
    expect((await report({}, body(bot.id))).status).toBe(401);
    expect(await rowsOf(bot.id)).toEqual([]);
  });

  it('refuses bad bodies with the form’s messages on the field, storing nothing', async () => {
    const bot = await publicBot();
    const cases: Array<[object, string, string]> = [
      [{ character_id: '   ' }, 'body.character_id', REPORT_MESSAGES.idRequired],
      [{ character_id: 'x'.repeat(51) }, 'body.character_id', REPORT_MESSAGES.idTooLong],
      [{ userReportDetails: '' }, 'body.userReportDetails', REPORT_MESSAGES.detailsRequired],
      [{ userReportDetails: ' \n ' }, 'body.userReportDetails', REPORT_MESSAGES.detailsRequired],
      [{ userReportDetails: 'x'.repeat(251) }, 'body.userReportDetails', REPORT_MESSAGES.detailsTooLong],
      [{ userIssueType: 'Spam' }, 'body.userIssueType', REPORT_MESSAGES.fillAllFields],
      [{ userExpectedResolution: undefined }, 'body.userExpectedResolution', REPORT_MESSAGES.fillAllFields],
    ];
    for (const [fields, path, message] of cases) {
      const sent = await report(reporter.headers, body(bot.id, fields));
      expect(sent.status).toBe(400);
      expect(sent.body.error.code).toBe('validation_error');
      expect(sent.body.error.details.issues).toContainEqual({ path, message });
    }
    expect((await report(reporter.headers, ['not', 'an', 'object'])).status).toBe(400);
    expect(await rowsOf(bot.id)).toEqual([]);
  });

  it('refuses NUL characters and oversize details, storing nothing; 250 characters are fine', async () => {
    const bot = await publicBot();
    const nul = await report(reporter.headers, body(bot.id, { userReportDetails: 'bad\u0000text' }));
    expect(nul.status).toBe(400);
    expect(nul.body.error.details.issues).toEqual([{ path: 'body.userReportDetails', message: 'must not contain NUL characters' }]);
    expect((await report(reporter.headers, body(bot.id, { userReportDetails: 'x'.repeat(100_000) }))).status).toBe(400);
    expect(await rowsOf(bot.id)).toEqual([]);
    expect((await report(reporter.headers, body(bot.id, { userReportDetails: 'é'.repeat(250) }))).status).toBe(200);
  });

  it('answers 404 character_not_found for unknown chatbots, someone else’s private ones and another application’s', async () => {
    const privateBot = await publicBot({ visibility: 'private' });
    const elsewhere = await publicBot({ application_id: 'tales' });
    for (const id of ['no-such-chatbot', privateBot.id, elsewhere.id]) {
      for (const headers of [reporter.headers, guestHeaders()]) {
        const sent = await report(headers, body(id));
        expect(sent.status).toBe(404);
        expect(sent.body.error).toMatchObject({ code: 'character_not_found', message: 'Chatbot not found' });
      }
    }
    expect(await rowsOf(privateBot.id)).toEqual([]);
  });

  it('refuses reporting your own chatbot (403 own_character), private or public', async () => {
    for (const visibility of ['public', 'private'] as const) {
      const bot = await publicBot({ visibility });
      const sent = await report(creator.headers, body(bot.id));
      expect(sent.status).toBe(403);
      expect(sent.body.error).toEqual(expect.objectContaining({ code: 'own_character', message: 'You cannot report your own chatbot.' }));
      expect(await rowsOf(bot.id)).toEqual([]);
    }
  });

  it('keeps one open report per reporter and chatbot: sending again updates it and answers the same id', async () => {
    const bot = await publicBot();
    const first = await report(reporter.headers, body(bot.id));
    t.clock.advance(60_000);
    const again = await report(reporter.headers, body(bot.id, { userIssueType: 'Invalid', userReportDetails: 'Changed my mind.', userExpectedResolution: 'modified' }));
    expect(again.body).toEqual(first.body);
    const guest = guestHeaders();
    const byGuest = await report(guest, body(bot.id));
    const byOther = await report(other.headers, body(bot.id));
    expect(new Set([first.body.report_id, byGuest.body.report_id, byOther.body.report_id]).size).toBe(3);
    const rows = await rowsOf(bot.id);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: first.body.report_id, issue_type: 'Invalid', details: 'Changed my mind.', expected_resolution: 'modified' }),
        expect.objectContaining({ id: byGuest.body.report_id, reporter_kind: 'guest' }),
        expect.objectContaining({ id: byOther.body.report_id, reporter_kind: 'member' }),
      ]),
    );
  });

  it('leaves one report when the same reporter sends twice at once', async () => {
    const bot = await publicBot();
    const guest = guestHeaders();
    const [a, b, c, d] = await Promise.all([
      report(reporter.headers, body(bot.id)),
      report(reporter.headers, body(bot.id, { userReportDetails: 'Second tab.' })),
      report(guest, body(bot.id)),
      report(guest, body(bot.id)),
    ]);
    expect([a, b, c, d].map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(b.body.report_id).toBe(a.body.report_id);
    expect(d.body.report_id).toBe(c.body.report_id);
    expect(await rowsOf(bot.id)).toHaveLength(2);
  });

  describe('admin calls', () => {
    it('are for admins only: members and the reporter 403, guests and anonymous callers 401', async () => {
      const bot = await publicBot();
      const { body: receipt } = await report(reporter.headers, body(bot.id));
      for (const [method, url, payload] of [
        ['GET', '/admin/reports'],
        ['POST', `/admin/reports/${receipt.report_id}/close`, { outcome: 'dismissed' }],
      ] as const) {
        expect((await call(t, method, url, reporter.headers, payload)).status).toBe(403);
        expect((await call(t, method, url, creator.headers, payload)).status).toBe(403);
        expect((await call(t, method, url, guestHeaders(), payload)).status).toBe(401);
        expect((await call(t, method, url, {}, payload)).status).toBe(401);
      }
      expect(await rowsOf(bot.id)).toMatchObject([{ status: 'open' }]);
    });

    it('list the open reports oldest first with the chatbot and the reporter; close them once', async () => {
      const bot = await publicBot({ name: 'Reported Bot' });
      const { body: byMember } = await report(reporter.headers, body(bot.id));
      t.clock.advance(1000);
      const { body: byGuest } = await report(guestHeaders(), body(bot.id, { userIssueType: 'Incorrect Authorization' }));
      const elsewhere = await publicBot({ application_id: 'tales' });
      await t.db.query(
        `insert into character_reports (application_id, character_id, reporter_kind, reporter_key, issue_type, details, expected_resolution, created_at, updated_at)
         values ('tales', $1, 'guest', 'g', 'Invalid', 'x', 'private', now(), now())`,
        [elsewhere.id],
      );

      const list = await openList();
      const mine = list.items.filter((i) => i.character.id === bot.id);
      expect(mine.map((i) => i.report_id)).toEqual([byMember.report_id, byGuest.report_id]);
      expect(list.items.map((i) => i.character.id)).not.toContain(elsewhere.id);
      expect(list.found).toBe(list.items.length);
      expect(mine[0]).toMatchObject({
        status: 'open',
        character: { id: bot.id, name: 'Reported Bot' },
        reporter: { kind: 'member', user_id: reporter.id, username: reporter.username },
        userIssueType: 'Guidelines',
        userExpectedResolution: 'deleted',
        created_at: byMember.created_at,
        handled_by: byMember.handled_by,
        outcome: null,
      });
      expect(mine[1]!.reporter).toEqual({ kind: 'guest', user_id: null, username: null });

      const closed = await call(t, 'POST', `/admin/reports/${byMember.report_id}/close`, admin.headers, { outcome: 'actioned', note: ' Made private. ' });
      expect(closed.status).toBe(200);
      expect(AdminReportSchema.parse(closed.body)).toMatchObject({ status: 'closed', outcome: 'actioned', note: 'Made private.' });
      const twice = await call(t, 'POST', `/admin/reports/${byMember.report_id}/close`, admin.headers, { outcome: 'dismissed' });
      expect(twice.status).toBe(409);
      expect(twice.body.error).toMatchObject({ code: 'report_already_closed', message: 'This report is already closed.' });
      expect((await openList()).items.map((i) => i.report_id)).not.toContain(byMember.report_id);

      // Once closed, the same reporter may report the chatbot again: a new report.
      const { body: anew } = await report(reporter.headers, body(bot.id));
      expect(anew.report_id).not.toBe(byMember.report_id);

      const unknown = await call(t, 'POST', '/admin/reports/no-such-report/close', admin.headers, { outcome: 'dismissed' });
      expect(unknown.status).toBe(404);
      expect((await call(t, 'POST', `/admin/reports/${byGuest.report_id}/close`, admin.headers, { outcome: 'maybe' })).status).toBe(400);
    });

    it('close a report once when two admins close it at the same moment', async () => {
      const bot = await publicBot();
      const { body: receipt } = await report(reporter.headers, body(bot.id));
      const url = `/admin/reports/${receipt.report_id}/close`;
      const answers = await Promise.all([call(t, 'POST', url, admin.headers, { outcome: 'actioned' }), call(t, 'POST', url, admin.headers, { outcome: 'dismissed' })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    });
  });
});
