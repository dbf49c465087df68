import type { AdminUsers } from '@fable/contracts';
import { adminCall } from '../support/admin';
import { E2E_ADMINS } from '../support/catalog';
import { CONTROL_PORT } from '../support/ports';
import { wake } from '../support/session';
import { apiCall } from '../support/site';
import { signInAs, signUpNewMember } from '../support/members';
import { expect, test } from '../support/test';

// Trust and safety (issue 28; document 1 §2 "Ban screen", the red impersonation bar, §4 "Restriction", §7 users/moderation):
// an admin finds a member on the Members page, puts a temporary hold on them with a statement of reasons, and the
// member meets the Temporary Hold screen counting down; an admin views the site as a member and sees the red bar.

const ADMIN = E2E_ADMINS.trustAndSafety;

test('an admin puts a member on hold; the member sees the Temporary Hold countdown and the reason, and can only read', async ({ browser }) => {
  test.setTimeout(150_000);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto('/');
  const { username } = await signUpNewMember(member, 'Holly Held', 'hold');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/');
  await signInAs(admin, ADMIN.email, ADMIN.username, ADMIN.name);
  await admin.goto(`/admin/users?q=${username}`);
  await expect(admin.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(admin.getByText('1 member found')).toBeVisible();
  await admin.getByRole('link', { name: new RegExp(`@${username}`) }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `@${username}` })).toBeVisible();
  const form = admin.getByRole('form', { name: 'Restrict' });
  await form.getByLabel('Restriction').selectOption('temporary');
  await form.getByLabel('Length in hours').fill('48');
  await form.getByRole('button', { name: 'Restrict' }).click();
  await expect(form.getByText('Say why: the member reads this statement of reasons')).toBeVisible();
  await form.getByLabel('Statement of reasons (the member reads it)').fill('Spam links in public chatbots');
  await form.getByRole('button', { name: 'Restrict' }).click();
  await expect(admin.getByText('Restriction added')).toBeVisible();
  const restrictions = admin.getByRole('region', { name: 'Restrictions' });
  await expect(restrictions.getByText('Temporary hold')).toBeVisible();
  await expect(restrictions.getByText('Spam links in public chatbots')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Record' }).getByText('Restricted')).toBeVisible();

  // The member, on their next page: the ban screen first, with the countdown from GET users/moderation.
  const moderation = member.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/users/moderation' && r.status() === 200);
  await member.goto('/chats');
  const hold = member.getByRole('dialog', { name: 'Temporary Hold' });
  await expect(hold).toBeVisible();
  const { expires_at } = (await (await moderation).json()) as { expires_at: string };
  expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(47 * 3600_000);
  await expect(hold.getByText('Your hold ends in 48 hours')).toBeVisible();
  await expect(hold.getByRole('timer')).toHaveText(/^(47:59:\d\d|48:00:00)$/);
  await expect(hold.getByText('Spam links in public chatbots')).toBeVisible();
  await expect(hold.getByRole('link', { name: 'Guidelines' })).toBeVisible();
  await expect(hold.getByRole('link', { name: 'Contact us' })).toBeVisible();
  // Continue to site: the public listing reads; a member page still shows the ban screen.
  await hold.getByRole('link', { name: 'Continue to site' }).click();
  await expect(member.getByTestId('character-card').first()).toBeVisible();
  await member.goto('/chats');
  await expect(member.getByRole('heading', { level: 1, name: 'Temporary Hold' })).toBeVisible();
  await expect(member.getByRole('timer')).toBeVisible();

  await memberContext.close();
  await adminContext.close();
});

test('an admin views the site as a member: the red bar, read-only, and the way back', async ({ browser }) => {
  test.setTimeout(150_000);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto('/');
  const { username } = await signUpNewMember(member, 'Ivy Viewed', 'imp');
  await memberContext.close();

  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/');
  await signInAs(admin, ADMIN.email, ADMIN.username, ADMIN.name);
  await admin.goto(`/admin/users?q=${username}`);
  await admin.getByRole('link', { name: new RegExp(`@${username}`) }).click();
  await admin.getByRole('button', { name: `View the site as @${username}` }).click();

  const bar = admin.getByRole('region', { name: 'Impersonate is Enabled' });
  await expect(bar).toBeVisible();
  await expect(bar.getByText(`Viewing the site as @${username}, read-only`)).toBeVisible();
  await expect(admin.getByRole('button', { name: /Account menu of Ivy Viewed/ })).toBeVisible();
  await expect(admin.getByTestId('character-card').first()).toBeVisible();
  // Admin pages are closed while impersonating: the member holds no admin permission.
  await admin.goto('/admin/users');
  await expect(admin.getByText('You are Not Authorized to access this page')).toBeVisible();

  await bar.getByRole('button', { name: 'Stop impersonating' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `@${username}` })).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(admin.getByRole('button', { name: new RegExp(`Account menu of ${ADMIN.name}`) })).toBeVisible();
  await context.close();
});

test('a restriction reaches the member in the notifications widget and as a Web Push at the test push service', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const { username } = await signUpNewMember(page, 'Nora Notified', 'ntf');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('No notifications yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // This browser's subscription at the test push service (headless Chromium reaches no real push service), kept for
  // the member through the API as the widget's Turn on does.
  const subscription = (await (await fetch(`http://127.0.0.1:${CONTROL_PORT}/push/subscriptions`, { method: 'POST' })).json()) as { endpoint: string };
  await apiCall(page, 'POST', '/push/subscriptions', subscription);

  const [user] = (await adminCall<AdminUsers>('GET', `/admin/users?q=${username}`)).items;
  await adminCall('POST', `/admin/users/${user!.id}/restrictions`, { kind: 'limited', reason: 'Links to other sites in greetings' });

  // The widget asks every minute and on focus.
  await wake(page);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const notice = panel.getByRole('button', { name: /Your account is restricted: you cannot create or edit chatbots/ });
  await expect(notice).toContainText('Links to other sites in greetings');
  await notice.click();
  await expect(page).toHaveURL(/\/guidelines$/);
  await expect(page.getByRole('heading', { level: 1, name: /Guidelines/ })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');

  // The push: encrypted for this subscription, signed with the API's VAPID key, decrypted by the push service.
  await expect
    .poll(async () => {
      const { received } = (await (await fetch(`http://127.0.0.1:${CONTROL_PORT}/push/received?endpoint=${encodeURIComponent(subscription.endpoint)}`)).json()) as {
        received: Array<{ payload: string }>;
      };
      return received.map((r) => JSON.parse(r.payload) as { title: string; body: string; link: string });
    }, { timeout: 20_000 })
    .toEqual([expect.objectContaining({ title: 'Your account is restricted: you cannot create or edit chatbots', body: 'Links to other sites in greetings', link: '/guidelines' })]);

  // The service worker the opt-in registers is the host's own file.
  const worker = await page.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(await worker.text()).toContain('showNotification');
});

test('reports on one chatbot are one case: fixes required with reasons, the creator reads them and appeals, the reporter is told', async ({ browser }) => {
  test.setTimeout(180_000);
  const open = async (prefix: string, name: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    const member = await signUpNewMember(page, name, prefix);
    return { context, page, ...member };
  };
  // Another admin exists (the API admin signs in): an appeal then goes to another admin than the one who decided.
  await adminCall('GET', '/admin/users?q=e2e_admin_api');
  const creator = await open('crt', 'Cora Creator');
  const botName = `Case ${Date.now().toString(36)}`;
  const bot = await apiCall<{ id: string }>(creator.page, 'POST', '/characters', {
    name: botName.slice(0, 20),
    title: 'A chatbot that will be reported',
    greeting: 'Hello there, traveller.',
    persona: 'A cheerful guide of the old harbour.',
    visibility: 'hidden',
    avatar_url: '/api/avatars/case-bot.svg',
    guidelines: true,
  });
  const reportBody = (details: string) => ({ character_id: bot.id, userIssueType: 'Guidelines', userReportDetails: details, userExpectedResolution: 'modified' });
  const rita = await open('rpa', 'Rita Reporter');
  await apiCall(rita.page, 'POST', '/reports', reportBody('The greeting links to another site.'));
  await apiCall(rita.page, 'POST', '/reports', reportBody('Still linking to another site.'));
  const rob = await open('rpb', 'Rob Reporter');
  await apiCall(rob.page, 'POST', '/reports', { ...reportBody('Wrong tags.'), userIssueType: 'Categorization' });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/');
  await signInAs(admin, ADMIN.email, ADMIN.username, ADMIN.name);
  await admin.goto('/admin/moderation?status=reports');
  await expect(admin.getByRole('tab', { name: 'Reports', selected: true })).toBeVisible();
  const item = admin.getByRole('article', { name: botName.slice(0, 20) });
  await expect(item).toContainText('2 reports');
  await expect(item).toContainText('Guidelines ×1');
  await expect(item).toContainText('Categorization ×1');
  await expect(item.getByText('Still linking to another site.')).toBeVisible();
  await item.getByRole('button', { name: 'Require fix' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Decide' }).click();
  await expect(dialog.getByText('Give at least one reason: the creator reads this statement of reasons')).toBeVisible();
  await dialog.getByLabel('Statement of reasons (one per line; the creator reads it)').fill('Links to other sites in the greeting\nTags do not match the content');
  await dialog.getByRole('button', { name: 'Decide' }).click();
  await expect(admin.getByText('Fixes required: the creator was told why')).toBeVisible();
  await expect(item).toBeHidden();

  // The creator: the notification, then the editor's statement of reasons and the appeal.
  await wake(creator.page);
  const bell = creator.page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await creator.page.goto(`/chatbot/edit/${bot.id}`);
  const banner = creator.page.getByRole('status').filter({ hasText: 'Action Required' });
  await expect(banner.getByRole('list', { name: /Reasons/ })).toContainText('Links to other sites in the greeting');
  await banner.getByRole('button', { name: 'Appeal this decision' }).click();
  const appeal = creator.page.getByRole('dialog', { name: 'Appeal the decision' });
  await appeal.getByLabel('Why should the decision change?').fill('The link was to our own community guidelines page.');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(creator.page.getByText('Appeal sent: you will be notified of the outcome').first()).toBeVisible();

  // The appeal returns to the console, marked as such; another admin than the one who decided decides it.
  await admin.goto('/admin/moderation?status=appeals');
  const appealed = admin.getByRole('article', { name: botName.slice(0, 20) });
  await expect(appealed).toContainText('The link was to our own community guidelines page.');
  await expect(appealed.getByText('You made this decision: another admin decides the appeal.')).toBeVisible();

  // The reporter is told the outcome.
  await wake(rita.page);
  await expect(rita.page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications, 1 unread');
  for (const c of [creator.context, rita.context, rob.context, adminContext]) await c.close();
});
