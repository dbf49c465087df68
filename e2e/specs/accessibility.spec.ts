import { expect, test, type Page } from '../support/test';
import { expectNoSeriousA11yViolations, waitForPageContent } from '../support/axe';
import { safeCharacter } from '../support/chat';
import { signUpNewMember } from '../support/members';

// Every main route, and the dialogs and menus over them, with no serious or critical axe violation in the light and
// the dark theme (support/axe.ts). The other specs' pages are checked by the same audit when they end.

/** The routes of every remote that a guest and a member open, beside the status pages. */
const ROUTES = [
  '/',
  '/chats',
  '/favorite-bots',
  '/recommended-bots',
  '/creators/leaderboard',
  '/my-chatbots',
  '/plan-comparison',
  '/subscribe-crypto',
  '/profile',
  '/blocked-creators',
  '/terms',
  '/privacy',
  '/guidelines',
  '/refund',
  '/2257',
  '/download',
  '/apps/android',
  '/no/such/page',
  '/accessDenied',
];

async function checkRoutes(page: Page, routes: readonly string[]) {
  for (const route of routes) {
    await test.step(route, async () => {
      await page.goto(route);
      await waitForPageContent(page);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, route);
    });
  }
}

test('a guest’s pages and the sign-in dialog', async ({ page }) => {
  test.setTimeout(240_000);
  const character = await safeCharacter();
  await checkRoutes(page, [...ROUTES, `/chatbot/${character.id}`, `/chat/${character.id}`]);

  await page.goto('/');
  await page.getByTestId('sign-in').click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Sign In dialog');
});

test('a member’s pages, the account menu and the card menu', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await signUpNewMember(page, 'Alba Axe', 'axe');
  const character = await safeCharacter();
  await checkRoutes(page, ['/', '/chats', '/profile', '/my-chatbots', '/favorite-bots', `/chatbot/${character.id}`, `/chat/${character.id}`]);

  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu of Alba Axe/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the account menu');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: /^More actions for / }).first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'a card’s menu');
});

test('narrow screens: the navigation drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/terms');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByTestId('side-nav')).toHaveAttribute('data-open', 'true');
  await expectNoSeriousA11yViolations(page, 'the navigation drawer');
});
