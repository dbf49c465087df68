import type { Page } from '@playwright/test';

/** The session as the page's one store holds it. */
export interface SessionView {
  status: string;
  accessToken: string | null;
  refreshToken: string | null;
  guestUserId: string | null;
}

export const sessionOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __FABLE_STORE__: { getState(): { session: SessionView } } }).__FABLE_STORE__.getState().session);

export const accountButton = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`Account menu of ${name}`) });

/**
 * Waits until the page's access token has expired (its `exp` is past), read from the page's own session: no fixed
 * sleep that a slow machine outruns.
 */
export async function untilAccessTokenExpired(page: Page) {
  await page.waitForFunction(
    () => {
      const token = (window as unknown as { __FABLE_STORE__: { getState(): { session: { accessToken: string | null } } } }).__FABLE_STORE__.getState().session
        .accessToken;
      if (!token) return false;
      const { exp } = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
      return Date.now() / 1000 > exp + 0.25;
    },
    undefined,
    { polling: 100, timeout: 15_000 },
  );
}

/** Coming back to the window: the header refetches the user (a signed-in call) through the shared base query. */
export const wake = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));
