import { describeViolations, expect, recordCspViolations, test, type BrowserContext, type CspViolation, type Page } from '../support/test';
import { lastMessage, safeCharacter, send } from '../support/chat';
import { signUpNewMember, signUpThroughUi } from '../support/members';
import { accountButton, sessionOf, untilAccessTokenExpired, wake } from '../support/session';

// The e2e API issues 4-second access tokens (ACCESS_TOKEN_TTL_SECONDS in globalSetup): half a minute of use crosses
// eight expiries. Refresh tokens rotate, and the API revokes the whole sign-in when one is spent twice.

/** Every answer to POST /api/v2/auth/refresh in the context, and any signed-in call refused after its refresh. */
function watchRefreshes(context: BrowserContext) {
  const refreshes: number[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/v2/auth/refresh') refreshes.push(response.status());
  });
  return refreshes;
}

test('two tabs with 4-second access tokens keep working across eight expiries of calls and chat turns', async ({ context, page }) => {
  test.setTimeout(180_000);
  const refreshes = watchRefreshes(context);
  const character = await safeCharacter();
  await page.goto('/');
  await signUpNewMember(page, 'Tabitha', 'tabs');

  // The second tab starts from the stored tokens.
  const other = await context.newPage();
  await other.goto('/chats');
  await expect(accountButton(other, 'Tabitha')).toBeVisible();
  await page.goto(`/chat/${character.id}`);

  let turns = 0;
  let simultaneousWakes = 0;
  while (simultaneousWakes < 8) {
    // Both tabs wake at the same moment after the access token expired: each gets a 401 and wants to refresh with
    // the refresh token it holds. Exactly one may spend it; the other must take the result.
    await untilAccessTokenExpired(page);
    const usersCalls = (p: Page) => p.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/users' && r.request().method() === 'GET' && r.status() === 200);
    const answered = Promise.all([usersCalls(page), usersCalls(other)]);
    await Promise.all([wake(page), wake(other)]);
    await answered;
    simultaneousWakes += 1;

    // A chat turn in the first tab (a stream, outside RTK Query), and a page in the second.
    turns += 1;
    await send(page, `Turn number ${turns} here`);
    await expect(lastMessage(page)).toContainText(`You said "Turn number ${turns}`);
    await other.goto(turns % 2 ? '/chats' : '/favorite-bots');
    await expect(accountButton(other, 'Tabitha')).toBeVisible();
  }

  // Still signed in, in both tabs, holding the same (newest) tokens; no refresh was ever refused.
  const [a, b] = await Promise.all([sessionOf(page), sessionOf(other)]);
  expect(a.status).toBe('authenticated');
  expect(b.status).toBe('authenticated');
  expect(a.refreshToken).toBe(b.refreshToken);
  expect(refreshes.filter((status) => status !== 200)).toEqual([]);
  expect(refreshes.length).toBeGreaterThanOrEqual(simultaneousWakes);
  await expect(accountButton(page, 'Tabitha')).toBeVisible();
  await expect(accountButton(other, 'Tabitha')).toBeVisible();
  test.info().annotations.push({ type: 'two tabs', description: `${simultaneousWakes} simultaneous wakes, ${turns} chat turns, ${refreshes.length} refreshes, all 200` });
});

test('signing out in one tab signs out the others', async ({ context, page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Otto', 'out');
  const other = await context.newPage();
  await other.goto('/chats');
  await expect(accountButton(other, 'Otto')).toBeVisible();

  await page.getByRole('button', { name: /Account menu of Otto/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByTestId('sign-in')).toBeVisible();
  // The other tab follows without a reload, and stays signed out after one.
  await expect(other.getByTestId('sign-in')).toBeVisible();
  await expect(accountButton(other, 'Otto')).toHaveCount(0);
  expect((await sessionOf(other)).status).toBe('guest');
  await other.reload();
  await expect(other.getByTestId('sign-in')).toBeVisible();
});

test('a replayed old refresh token revokes the sign-in', async ({ context, page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Rex', 'replay');
  const stolen = (await sessionOf(page)).refreshToken;
  expect(stolen).toBeTruthy();
  // Recorded from now: a call the page makes on its own after the expiry may start the refresh before our wake does.
  const refreshes = watchRefreshes(context);

  // The page refreshes once: the stolen token is now spent.
  await untilAccessTokenExpired(page);
  await wake(page);
  await expect.poll(() => refreshes[0]).toBe(200);
  await expect.poll(async () => (await sessionOf(page)).refreshToken).not.toBe(stolen);

  // Someone replays it: refused, and the whole sign-in is revoked, the page's newer token included.
  const replay = await page.request.post('/api/v2/auth/refresh', { data: { refresh_token: stolen } });
  expect(replay.status()).toBe(401);
  expect((await replay.json()).error.code).toBe('token_refresh_failed');

  await untilAccessTokenExpired(page);
  await wake(page);
  await expect.poll(() => refreshes.slice(1)).toContain(401);
  await expect(page.getByTestId('sign-in')).toBeVisible();
  await expect(accountButton(page, 'Rex')).toHaveCount(0);
});

test('a refresh whose answer a reload cut off is retried under the same attempt id, and the member stays signed in', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await signUpNewMember(page, 'Lars', 'lost');

  // The API spends the token, and its answer never reaches the page (a reload at that moment). The route is in place
  // before the token expires: any call the page makes after the expiry (not only ours) starts the refresh it catches.
  const sent: { refresh_token: string; attempt_id: string }[] = [];
  const answers: number[] = [];
  await page.route('**/api/v2/auth/refresh', async (route) => {
    sent.push(route.request().postDataJSON() as { refresh_token: string; attempt_id: string });
    const answer = await route.fetch();
    answers.push(answer.status());
    if (answers.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response: answer }).catch(() => undefined); // the page may have gone meanwhile
  });
  await untilAccessTokenExpired(page);
  await wake(page);
  await expect.poll(() => answers.length).toBeGreaterThanOrEqual(1);
  await page.reload();

  // The new page refreshes the same token under the same attempt id: a retry, not a replay.
  await expect(accountButton(page, 'Lars')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);
  expect(answers.slice(0, 2)).toEqual([200, 200]);
  expect(sent[1]).toEqual(sent[0]);
  const spent = sent[0]!.refresh_token;
  expect(sent[0]!.attempt_id).toMatch(/^[0-9a-f]{32}$/);
  const session = await sessionOf(page);
  expect(session.status).toBe('authenticated');
  expect(session.refreshToken).not.toBe(spent);

  // The sign-in goes on: the next refresh is a new attempt, and it works.
  const before = answers.length;
  await untilAccessTokenExpired(page);
  await wake(page);
  await expect.poll(() => answers.length).toBeGreaterThan(before);
  expect(answers[before]).toBe(200);
  expect(sent[before]!.attempt_id).not.toBe(sent[0]!.attempt_id);
  await expect(accountButton(page, 'Lars')).toBeVisible();
});

test('a refresh that meets a busy or unreachable API at boot keeps the member signed in', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await signUpNewMember(page, 'Bea', 'boot');

  // Until the reload the open page's own refreshes fail (a network error keeps the member signed in), so that the
  // page reloads with an expired access token whatever it tried meanwhile. The reload then finds the API
  // overloaded, then unreachable, then back.
  let booting = false;
  let attempts = 0;
  await page.route('**/api/v2/auth/refresh', async (route) => {
    if (!booting) return route.abort('connectionrefused');
    attempts += 1;
    if (attempts === 1) return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'service_unavailable', message: 'Busy' } }) });
    if (attempts === 2) return route.abort('connectionrefused');
    return route.continue();
  });
  await untilAccessTokenExpired(page);
  booting = true;
  await page.reload();
  await expect(accountButton(page, 'Bea')).toBeVisible({ timeout: 20_000 });
  expect(attempts).toBe(3);
  expect((await sessionOf(page)).status).toBe('authenticated');
});

test('with storage blocked the site renders and works for the visit, keeping the session in memory', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  // Its own context: the fixture's CSP watch does not see it, so it watches itself.
  const violations: CspViolation[] = [];
  await recordCspViolations(context, violations);
  await context.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    }
  });
  const page = await context.newPage();
  const character = await safeCharacter();
  await page.goto(`/chat/${character.id}`);
  // A guest (an id the API issued, kept in memory) chats.
  await expect(page.getByText('Unregistered users have limited text and image generation and chats are not saved.')).toBeVisible();
  await send(page, 'Hello without storage');
  await expect(lastMessage(page)).toContainText('You said "Hello without storage"');

  // Signing up works, and the session lasts while the visit moves between pages.
  await signUpThroughUi(page, 'Nomad', 'nostore');
  await page.getByRole('link', { name: 'Chats' }).first().click();
  await expect(page).toHaveURL(/\/chats$/);
  await expect(accountButton(page, 'Nomad')).toBeVisible();
  await context.close();
  expect(violations, describeViolations(violations)).toEqual([]);
});
