import { expect, test } from '../support/test';
import { completeOnboarding, signInWithEmail, unique } from '../support/members';
import { untilAccessTokenExpired, wake } from '../support/session';

test('a guest gets a guest id that every API call carries', async ({ page }) => {
  const guestHeaders: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/app-settings')) guestHeaders.push(request.headers()['x-guest-user-id'] ?? '');
  });
  await page.goto('/terms');
  await expect(page.getByTestId('sign-in')).toBeVisible();
  const id = await page.evaluate(() => (window as unknown as { __FABLE_STORE__: { getState(): { session: { guestUserId: string | null; status: string } } } }).__FABLE_STORE__.getState().session);
  expect(id.status).toBe('guest');
  // Issued and signed by the API: `<uuid>.<signature>`.
  expect(id.guestUserId).toMatch(/^[0-9a-f-]{36}\.[0-9a-f]{32}$/);
  await expect.poll(() => guestHeaders.at(-1)).toBe(id.guestUserId);
  // The same id after a reload.
  await page.reload();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  const again = await page.evaluate(() => (window as unknown as { __FABLE_STORE__: { getState(): { session: { guestUserId: string | null } } } }).__FABLE_STORE__.getState().session.guestUserId);
  expect(again).toBe(id.guestUserId);
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
