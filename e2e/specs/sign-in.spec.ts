import { expect, test } from '../support/test';
import { completeOnboarding, signInWithEmail, unique } from '../support/members';
import { untilAccessTokenExpired, wake } from '../support/session';

test('a guest gets a guest id that every call needing it carries, while the reads anyone may make go at once', async ({ page }) => {
  const sent: { path: string; guestId: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sent.push({ path: url.pathname, guestId: request.headers()['x-guest-user-id'] ?? '' });
  });
  await page.goto('/');
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await expect(page.locator('a[href^="/chatbot/"]').first()).toBeVisible();
  const id = await page.evaluate(() => (window as unknown as { __FABLE_STORE__: { getState(): { session: { guestUserId: string | null; status: string } } } }).__FABLE_STORE__.getState().session);
  expect(id.status).toBe('guest');
  // Issued and signed by the API: `<uuid>.<signature>`.
  expect(id.guestUserId).toMatch(/^[0-9a-f-]{36}\.[0-9a-f]{32}$/);
  // The listing and the app settings are open to visitors: a first visit asks for them before its id arrives. Every
  // other call waits for the id and carries it (the home's banners among them).
  const openToVisitors = (path: string) => ['/api/app-settings', '/api/characters/search', '/api/v2/auth/guest'].includes(path) || path.startsWith('/api/avatars/');
  await expect.poll(() => sent.some((r) => r.path === '/api/banners')).toBe(true);
  expect(sent.filter((r) => !openToVisitors(r.path) && r.guestId !== id.guestUserId)).toEqual([]);
  // The same id after a reload, carried by every call, the open ones too.
  sent.length = 0;
  await page.reload();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  const again = await page.evaluate(() => (window as unknown as { __FABLE_STORE__: { getState(): { session: { guestUserId: string | null } } } }).__FABLE_STORE__.getState().session.guestUserId);
  expect(again).toBe(id.guestUserId);
  await expect.poll(() => sent.some((r) => r.path === '/api/characters/search')).toBe(true);
  expect(sent.filter((r) => !r.path.startsWith('/api/avatars/') && r.guestId !== id.guestUserId)).toEqual([]);
});

test('sign in with an email code, sign up, stay signed in across a reload, sign out', async ({ page }) => {
  test.setTimeout(60_000);
  const tag = unique();
  const email = `e2e-${tag}@example.com`;
  // Not a legal page: those stay open to a member who has not picked a username yet.
  await page.goto('/');
  await signInWithEmail(page, email);

  // A new member has no username yet: onboarding (Welcome Aboard, then Community Guidelines).
  await completeOnboarding(page, `e2e_${tag}`, 'Ada Lovelace');

  // A member with the free tier: avatar and tier label in the header.
  const account = page.getByRole('button', { name: /Account menu of Ada Lovelace, Free/ });
  await expect(account).toBeVisible();
  const session = await page.evaluate(() => (window as unknown as { __FABLE_STORE__: { getState(): { session: { status: string; permissions: string[] } } } }).__FABLE_STORE__.getState().session);
  expect(session.status).toBe('authenticated');
  expect(session.permissions).toEqual(expect.arrayContaining(['create_character', 'view_my_chat_bots']));

  await page.reload();
  await expect(page.getByRole('button', { name: /Account menu of Ada Lovelace, Free/ })).toBeVisible();

  await page.getByRole('button', { name: /Account menu of Ada Lovelace/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('sign-in')).toBeVisible();
});

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  test.setTimeout(60_000);
  const tag = unique();
  const email = `e2e-${tag}@example.com`;
  // Not a legal page: those stay open to a member who has not picked a username yet.
  await page.goto('/');
  await signInWithEmail(page, email);
  await completeOnboarding(page, `r_${tag}`, 'Grace');
  await expect(page.getByRole('button', { name: /Account menu of Grace, Free/ })).toBeVisible();

  // Once the access token has expired (the e2e API issues 4-second tokens; read from the page's session, not guessed
  // with a sleep), the page makes a signed-in call: coming back to the window refetches the user through the shared
  // base query. Only what follows that call is recorded.
  await untilAccessTokenExpired(page);
  const calls: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/v2/auth/refresh' || (path === '/api/v2/users' && r.request().method() === 'GET')) calls.push(`${path} ${r.status()}`);
  });
  await wake(page);
  await expect.poll(() => calls).toEqual(['/api/v2/users 401', '/api/v2/auth/refresh 200', '/api/v2/users 200']);
  await expect(page.getByRole('button', { name: /Account menu of Grace, Free/ })).toBeVisible();
  await expect(page.getByTestId('sign-in')).toHaveCount(0);
});
