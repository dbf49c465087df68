import { AppealSchema, AppealsSchema, NotificationsPageSchema, REPORT_CASE_MESSAGES, ReportCasesSchema } from '@fable/contracts';
import { startTestApp, type TestApp } from '../../testing/testApp';
import { BOTH_BACKENDS, DB_SETUP_TIMEOUT_MS } from '../../testing/testDatabases';
import { insertCharacter } from '../discovery/testing/catalogFixture';
import { call, guestHeaders, MODERATOR_EMAIL, signUpMember, type Member } from '../moderation/testing/chatbotTestKit';

const SECOND_MODERATOR = 'second-moderator@example.com';

describe.each(BOTH_BACKENDS)('report cases and appeals on %s', (backend) => {
  let t: TestApp;
  let admin: Member;
  let admin2: Member;
  let creator: Member;
  let alice: Member;
  let bob: Member;
  beforeAll(async () => {
    t = await startTestApp(backend, { config: { adminEmails: [MODERATOR_EMAIL, SECOND_MODERATOR] } });
    admin = await signUpMember(t, 'admin', { email: MODERATOR_EMAIL });
    admin2 = await signUpMember(t, 'admintwo', { email: SECOND_MODERATOR });
    creator = await signUpMember(t, 'creator');
    alice = await signUpMember(t, 'alice');
    bob = await signUpMember(t, 'bob');
  }, DB_SETUP_TIMEOUT_MS);
  afterAll(async () => t?.close());

  const bot = () => insertCharacter(t.db, { user_id: creator.id, username: creator.username });
  const report = (who: Record<string, string>, characterId: string, fields: object = {}) =>
    call(t, 'POST', '/reports', who, { character_id: characterId, userIssueType: 'Guidelines', userReportDetails: 'It breaks the rules.', userExpectedResolution: 'deleted', ...fields });
  const cases = async () => ReportCasesSchema.parse((await call(t, 'GET', '/admin/moderation/reported', admin.headers)).body);
  const caseOf = async (id: string) => (await cases()).items.find((c) => c.character.id === id);
  const decide = (id: string, body: object, as: Member = admin) => call(t, 'POST', `/admin/moderation/reported/${id}/decision`, as.headers, body);
  const notices = async (who: Member) => NotificationsPageSchema.parse((await call(t, 'GET', '/notifications', who.headers)).body).items;
  const characterRow = async (id: string) =>
    (await t.db.query<{ visibility: string; moderation_status: string | null; reason_for_moderation: string[] }>('select visibility, moderation_status, reason_for_moderation from characters where id = $1', [id])).rows[0]!;

  it('merges a chatbot’s open reports into one case with their counts and its 7-day due date', async () => {
    const c = await bot();
    expect((await report(alice.headers, c.id)).status).toBe(200);
    expect((await report(alice.headers, c.id, { userReportDetails: 'Still breaking the rules.' })).status).toBe(200);
    expect((await report(bob.headers, c.id, { userIssueType: 'Categorization', userExpectedResolution: 'private' })).status).toBe(200);
    const found = await caseOf(c.id);
    expect(found).toMatchObject({
      reports: 2,
      character: { id: c.id, creator_user_id: creator.id },
      issue_types: expect.arrayContaining([{ type: 'Guidelines', count: 1 }, { type: 'Categorization', count: 1 }]),
      overdue: false,
    });
    expect(found!.details).toEqual(expect.arrayContaining(['Still breaking the rules.']));
    expect(Date.parse(found!.due_at) - Date.parse(found!.oldest_at)).toBe(7 * 24 * 3600_000);
    expect((await call(t, 'GET', '/admin/moderation/reported', alice.headers)).status).toBe(403);
  });

  it('requires a fix: the chatbot is unpublished with the reasons, the creator gets the statement, member reporters the outcome', async () => {
    const c = await bot();
    await report(alice.headers, c.id);
    await report(guestHeaders(), c.id);
    const sent = await decide(c.id, { decision: 'require_fix', reasons: ['Explicit greeting', 'Wrong tags'], note: 'Seen in the greeting' });
    expect(sent.body).toEqual({ decision: 'require_fix', reports_closed: 2, reporters_told: 1 });
    expect(await characterRow(c.id)).toMatchObject({ moderation_status: 'fix_required', reason_for_moderation: ['Explicit greeting', 'Wrong tags'] });
    expect(await caseOf(c.id)).toBeUndefined();
    // The test clock stands still: notices of one instant are found by what they say, not by their order.
    const toCreator = (await notices(creator)).find((n) => n.link === `/chatbot/edit/${c.id}`);
    expect(toCreator).toMatchObject({ kind: 'chatbot_moderated' });
    expect(toCreator!.body).toContain('Explicit greeting\nWrong tags');
    expect((await notices(alice)).find((n) => n.link === `/chatbot/${c.id}`)).toMatchObject({ kind: 'report_outcome', body: expect.stringContaining('asked the creator to fix') });
    const { rows } = await t.db.query<{ action: string }>("select action from admin_actions where details->>'character_id' = $1", [c.id]);
    expect(rows.map((r) => r.action)).toEqual(['fixes_required']);
    expect((await decide(c.id, { decision: 'dismiss' })).body.error.code).toBe('no_open_reports');
  });

  it('decides a case once when two admins decide at the same moment', async () => {
    const c = await bot();
    await report(bob.headers, c.id);
    const answers = await Promise.all([decide(c.id, { decision: 'dismiss' }), decide(c.id, { decision: 'take_down', reasons: ['Spam'] }, admin2)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('refuses a decision without reasons (but a dismissal), an unknown decision and an unknown chatbot', async () => {
    const c = await bot();
    await report(bob.headers, c.id);
    const noReasons = await decide(c.id, { decision: 'require_fix' });
    expect(noReasons.status).toBe(400);
    expect(noReasons.body.error.details.issues).toContainEqual({ path: 'body.reasons', message: REPORT_CASE_MESSAGES.reasonRequired });
    expect((await decide(c.id, { decision: 'ban' })).status).toBe(400);
    expect((await decide(c.id, { decision: 'take_down', reasons: ['\u0000'] })).status).toBe(400);
    expect((await decide('no-such-bot', { decision: 'dismiss' })).status).toBe(404);
    expect((await decide(c.id, { decision: 'dismiss' }, bob)).status).toBe(403);
    expect(await caseOf(c.id)).toMatchObject({ reports: 1 });
  });

  it('dismisses: nothing changes on the chatbot, the reporter is told nothing was found', async () => {
    const c = await bot();
    await report(bob.headers, c.id);
    expect((await decide(c.id, { decision: 'dismiss', note: 'Within the rules' })).status).toBe(200);
    expect(await characterRow(c.id)).toMatchObject({ visibility: 'public', moderation_status: null });
    expect((await notices(bob)).find((n) => n.link === `/chatbot/${c.id}`)!.body).toMatch(/found nothing against our guidelines/);
  });

  it('a take-down is appealed once by its creator and reversed by another admin: the chatbot is public again', async () => {
    const c = await bot();
    await report(alice.headers, c.id);
    expect((await decide(c.id, { decision: 'take_down', reasons: ['Impersonates a real person'] })).status).toBe(200);
    expect(await characterRow(c.id)).toMatchObject({ visibility: 'permanently_private' });
    expect((await call(t, 'GET', `/characters/${c.id}`, bob.headers)).status).toBe(404);

    const appealPath = `/characters/${c.id}/appeal`;
    expect((await call(t, 'POST', appealPath, creator.headers, { statement: 'short' })).body.error.details.issues[0].message).toBe(REPORT_CASE_MESSAGES.appealRequired);
    expect((await call(t, 'POST', appealPath, alice.headers, { statement: 'It is not mine but I appeal anyway.' })).status).toBe(404);
    const appealed = await call(t, 'POST', appealPath, creator.headers, { statement: 'The person is fictional, see the title.' });
    expect(appealed.status).toBe(200);
    const appeal = AppealSchema.parse(appealed.body);
    expect(appeal).toMatchObject({ status: 'open', decision: { action: 'taken_down', reasons: ['Impersonates a real person'], decided_by: admin.username } });
    expect((await call(t, 'POST', appealPath, creator.headers, { statement: 'Appealing a second time, please.' })).body.error.code).toBe('already_appealed');

    // The admin who decided may not decide the appeal while another admin exists.
    const listed = AppealsSchema.parse((await call(t, 'GET', '/admin/moderation/appeals', admin.headers)).body).items.find((a) => a.id === appeal.id);
    expect(listed).toMatchObject({ status: 'open', you_may_decide: false });
    const path = `/admin/moderation/appeals/${appeal.id}/decision`;
    expect((await call(t, 'POST', path, admin.headers, { outcome: 'reversed', reason: 'Fictional' })).body.error.code).toBe('appeal_needs_another_admin');
    const reversed = await call(t, 'POST', path, admin2.headers, { outcome: 'reversed', reason: 'The person is fictional.' });
    expect(reversed.status).toBe(200);
    expect(AppealSchema.parse(reversed.body)).toMatchObject({ status: 'reversed', outcome_reason: 'The person is fictional.' });
    // As it was before the decision: public, with no moderation status.
    expect(await characterRow(c.id)).toMatchObject({ visibility: 'public', moderation_status: null, reason_for_moderation: [] });
    expect((await notices(creator)).find((n) => n.kind === 'appeal_outcome' && n.link === `/chatbot/edit/${c.id}`)).toMatchObject({ title: expect.stringMatching(/was granted$/) });
    expect((await call(t, 'POST', path, admin2.headers, { outcome: 'upheld', reason: 'Changed my mind' })).body.error.code).toBe('appeal_already_decided');
    const { rows } = await t.db.query<{ action: string }>('select action from character_moderation_events where character_id = $1 order by id', [c.id]);
    expect(rows.map((r) => r.action)).toEqual(['taken_down', 'appealed', 'appeal_reversed']);
  });

  it('shows each reporter’s dismissed reports; a muted reporter’s reports stay out of the queue, and back when unmuted', async () => {
    const noisy = await signUpMember(t, 'noisy');
    const first = await bot();
    await report(noisy.headers, first.id);
    await decide(first.id, { decision: 'dismiss' });
    const c = await bot();
    await report(noisy.headers, c.id);
    await report(bob.headers, c.id);
    expect((await caseOf(c.id))!.reporters).toEqual(expect.arrayContaining([{ user_id: noisy.id, username: noisy.username, dismissed: 1 }]));
    const mute = (muted: boolean) => call(t, 'POST', `/admin/moderation/reporters/${noisy.id}/mute`, admin.headers, { muted });
    expect((await mute(true)).body).toEqual({ user_id: noisy.id, muted: true });
    expect(await caseOf(c.id)).toMatchObject({ reports: 1, reporters: [{ user_id: bob.id }] });
    // Their reports are still taken (the same receipt), only kept out of the queue.
    const alone = await bot();
    expect((await report(noisy.headers, alone.id)).status).toBe(200);
    expect(await caseOf(alone.id)).toBeUndefined();
    expect((await mute(false)).body).toEqual({ user_id: noisy.id, muted: false });
    expect(await caseOf(alone.id)).toMatchObject({ reports: 1 });
    const { rows } = await t.db.query<{ action: string }>("select action from admin_actions where target_user_id = $1 and action like 'reporter_%' order by id", [noisy.id]);
    expect(rows.map((r) => r.action)).toEqual(['reporter_muted', 'reporter_unmuted']);
    expect((await call(t, 'POST', `/admin/moderation/reporters/${noisy.id}/mute`, bob.headers, { muted: true })).status).toBe(403);
    expect((await call(t, 'POST', '/admin/moderation/reporters/00000000-0000-4000-8000-000000000000/mute', admin.headers, { muted: true })).status).toBe(404);
  });

  it('never lets an appeal undo a newer decision, nor the chatbot’s creator decide it', async () => {
    const c = await bot();
    await report(alice.headers, c.id);
    await decide(c.id, { decision: 'require_fix', reasons: ['Wrong tags'] });
    const appeal = AppealSchema.parse((await call(t, 'POST', `/characters/${c.id}/appeal`, creator.headers, { statement: 'The tags are right, look again.' })).body);
    await report(bob.headers, c.id);
    await decide(c.id, { decision: 'take_down', reasons: ['Spam'] }, admin2);
    const stale = await call(t, 'POST', `/admin/moderation/appeals/${appeal.id}/decision`, admin2.headers, { outcome: 'reversed', reason: 'Tags fine' });
    expect(stale.body.error.code).toBe('appeal_outdated');
    expect(await characterRow(c.id)).toMatchObject({ visibility: 'permanently_private' });
  });

  it('has nothing to appeal on a chatbot no moderator decided on', async () => {
    const c = await bot();
    expect((await call(t, 'POST', `/characters/${c.id}/appeal`, creator.headers, { statement: 'Nothing was decided yet.' })).body.error.code).toBe('nothing_to_appeal');
  });
});
