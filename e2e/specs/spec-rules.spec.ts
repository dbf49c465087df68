import { expect, test } from '../support/test';
import { safeCharacter } from '../support/chat';

// Rules of the spec that were left undone (issue 29): pages a guest opens show their own guest state, not the
// sign-in page; /contribute is a page, not the 404 page.

test('a guest opens Favorites and Blocked Creators and reads their own guest pages', async ({ page }) => {
  await page.goto('/favorite-bots');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Favorite Chatbots in One Place' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toHaveCount(0);
  await page.goto('/blocked-creators');
  await expect(page.getByText('You are not logged in yet!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in to continue' })).toHaveCount(0);
});

test('/contribute offers the ways to add to the site, each leading to its page', async ({ page }) => {
  await page.goto('/contribute');
  await expect(page.getByRole('heading', { level: 1, name: 'Contribute' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Create a chatbot', 'Write a lorebook', 'Start a group chat', 'Keep it safe', 'Join the community']);
  await page.getByRole('link', { name: 'Report a chatbot' }).click();
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
});

test('a search using a negative keyword is flagged with the alternatives, and one is a search of its own', async ({ page }) => {
  await page.goto('/?q=shy%20teen%20vampire');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const hint = page.getByRole('status').filter({ hasText: '“teen” is not something we search for.' });
  await expect(hint).toBeVisible();
  await hint.getByRole('button', { name: 'young adult' }).click();
  await expect(page).toHaveURL(/q=shy(\+|%20)young(\+|%20)adult(\+|%20)vampire/);
  await expect(page.getByRole('searchbox', { name: 'Search chatbots' })).toHaveValue('shy young adult vampire');
  await expect(hint).toBeHidden();
});

test('the recommended page, offline, goes to the offline route and comes back once online', async ({ page, context }) => {
  await page.goto('/recommended-bots');
  await expect(page.getByRole('heading', { level: 1, name: 'Recommended for You' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Network Connection Unavailable. Check Your Connection and Try Again.' })).toBeVisible();
  await expect(page).toHaveURL(/\/offline\?from=%2Frecommended-bots$/);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Recommended for You' })).toBeVisible();
  await expect(page).toHaveURL(/\/recommended-bots$/);
});

test('in the mobile app the side navigation is hidden; on a phone a chat shows its own header, not the shell’s', async ({ page }) => {
  await page.goto('/?mobile_app=1');
  await expect(page.getByRole('searchbox', { name: 'Search chatbots' })).toBeVisible();
  await expect(page.getByTestId('side-nav')).toHaveCount(0);
  await page.goto('/chats');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByTestId('side-nav')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 800 });
  const character = await safeCharacter();
  await page.goto(`/chat/${character.id}`);
  await expect(page.getByRole('heading', { name: character.name })).toBeVisible();
  await expect(page.getByTestId('brand-logo')).toBeHidden();
  await page.goto('/');
  await expect(page.getByTestId('brand-logo')).toBeVisible();
});
