import { expect, test, type Page } from '../support/test';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

for (const colorScheme of ['dark', 'light'] as const) {
  test(`renders in the ${colorScheme} theme, toggles and remembers the choice`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
    const first = await background(page);
    expect(first).toBe(colorScheme === 'dark' ? 'rgb(17, 19, 24)' : 'rgb(246, 247, 251)');
    await testInfo.attach(`terms-${colorScheme}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

    await page.getByTestId('theme-toggle').click();
    const toggled = await background(page);
    expect(toggled).not.toBe(first);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
    expect(await background(page)).toBe(toggled);
  });
}

test('without a choice of its own the site follows the system theme as it changes; a chosen theme stays', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(/Terms/);
  expect(await background(page)).toBe('rgb(246, 247, 251)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => background(page)).toBe('rgb(17, 19, 24)');
  // Chosen with the toggle: the system's change no longer moves it.
  await page.getByTestId('theme-toggle').click();
  await expect.poll(() => background(page)).toBe('rgb(246, 247, 251)');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background(page)).toBe('rgb(246, 247, 251)');
});

test('narrow screens: the side navigation is a drawer behind the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/terms');
  const nav = page.getByTestId('side-nav');
  await expect(nav).toHaveAttribute('data-open', 'false');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toHaveAttribute('data-open', 'true');
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(nav).toHaveAttribute('data-open', 'false');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('character-card').first()).toBeVisible();
});

test('the side navigation open state is remembered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/terms');
  const nav = page.getByTestId('side-nav');
  await expect(nav).toHaveAttribute('data-open', 'true');
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(nav).toHaveAttribute('data-open', 'false');
  await page.reload();
  await expect(page.getByTestId('side-nav')).toHaveAttribute('data-open', 'false');
});
