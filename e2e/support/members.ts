import { expect, type Page } from '@playwright/test';
import type { SignInResult } from '@fable/contracts';
import { latestCode, newestMail } from './mailbox';

/** A short unique suffix for emails and usernames. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Signs in with an email code through the header's Sign In overlay. */
export async function signInWithEmail(page: Page, email: string) {
  await page.getByTestId('sign-in').click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  const before = await newestMail(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Code').fill(await latestCode(email, before));
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

/** Completes onboarding (Welcome Aboard, Community Guidelines) for a member who has no username yet. */
export async function completeOnboarding(page: Page, username: string, name: string) {
  const onboarding = page.getByRole('dialog', { name: 'Welcome Aboard' });
  await expect(onboarding).toBeVisible();
  await onboarding.getByLabel('Username', { exact: true }).fill(username.slice(0, 20));
  await onboarding.getByLabel('Name', { exact: true }).fill(name);
  await onboarding.getByLabel('I confirm that I am 18 year or older').check();
  await onboarding.getByLabel(/I agree with the/).check();
  await onboarding.getByRole('button', { name: 'Continue' }).click();
  const guidelines = page.getByRole('dialog', { name: 'Community Guidelines Agreement' });
  await guidelines.getByLabel(/I agree to follow the/).check();
  await guidelines.getByRole('button', { name: 'Start Chatting' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`Account menu of ${name}`) })).toBeVisible();
}

/** Where the shell keeps a member's tokens (ACCESS_TOKEN_KEY and REFRESH_TOKEN_KEY in shared/src/session/credentials.ts). */
const TOKEN_KEYS = ['fable.auth.accessToken', 'fable.auth.refreshToken'] as const;

const newMemberIds = (prefix: string) => {
  const tag = unique();
  return { email: `e2e-${prefix}-${tag}@example.com`, username: `${prefix}_${tag}`.slice(0, 20) };
};

/**
 * Signs a new member up from the current page through the UI: the Sign In overlay's email code, then onboarding.
 * For the specs that sign up under conditions of their own (storage blocked); sign-in.spec covers the screens.
 */
export async function signUpThroughUi(page: Page, name: string, prefix = 'm') {
  const { email, username } = newMemberIds(prefix);
  await signInWithEmail(page, email);
  await completeOnboarding(page, username, name);
  return { email, username };
}

async function apiPost<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${process.env.E2E_API_URL!}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Application-Id': 'fable', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.ok, `POST ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Signs a new member up through the API (email code, then POST /v2/users, the calls the screens make), puts the
 * session in the page's storage as the shell keeps it, and reloads the current page signed in (a caller that reads
 * the page's content at once waits for it first: the reload shows it anew). The screens themselves are covered by
 * sign-in.spec; this spares every other spec the overlay's round trips.
 */
export async function signUpNewMember(page: Page, name: string, prefix = 'm') {
  const { email, username } = newMemberIds(prefix);
  const before = await newestMail(email);
  await apiPost('/v2/auth/email-code', { email });
  const session = await apiPost<SignInResult>('/v2/auth/email-code/verify', { email, code: await latestCode(email, before) });
  await apiPost('/v2/users', { username, name, age: true, toc: true }, session.token);
  await page.evaluate(
    ([keys, tokens]) => {
      // JSON, as the shell's localStorage values are (writeLocalStorage).
      localStorage.setItem(keys[0], JSON.stringify(tokens[0]));
      localStorage.setItem(keys[1], JSON.stringify(tokens[1]));
    },
    [TOKEN_KEYS, [session.token, session.refresh_token]] as const,
  );
  await page.reload();
  await expect(page.getByRole('button', { name: new RegExp(`Account menu of ${name}`) })).toBeVisible();
  return { email, username };
}

/** Signs in with `email` from the current page; completes onboarding when the account is new. */
export async function signInAs(page: Page, email: string, username: string, name: string) {
  await signInWithEmail(page, email);
  const onboarding = page.getByRole('dialog', { name: 'Welcome Aboard' });
  const account = page.getByRole('button', { name: new RegExp(`Account menu of ${name}`) });
  await expect(onboarding.or(account)).toBeVisible();
  if (await onboarding.isVisible()) await completeOnboarding(page, username, name);
  await expect(account).toBeVisible();
}
