import { API_HEADERS, type SignInResult } from '@fable/contracts';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { testConfig, type AppConfig } from '../config';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../http/rateLimits';
import { createManualClock, systemClock } from '../infra/clock';
import { createBackgroundJobs, type BackgroundJobs } from '../infra/jobs/backgroundJobs';
import { createAccessTokens } from '../http/accessTokens';
import { issueGuestId } from '../http/guestIds';
import type { Database } from '../infra/db/database';
import type { PaymentsConfig } from '../infra/payments/paymentsConfig';
import { createScratchDatabase, type Backend, type ScratchDatabase } from './testDatabases';

/** A test key, never used outside tests (JWT_SECRET comes from the environment everywhere else). */
export const TEST_JWT_SECRET = 'test-only-hs256-key-0123456789abcdefghijklmnop';

const testSigner = createAccessTokens(new TextEncoder().encode(TEST_JWT_SECRET), systemClock);

/** A guest id as the test API (keyed with TEST_JWT_SECRET) issues it for `applicationId`. */
export function testGuestId(applicationId = 'fable', uuid?: string): string {
  return issueGuestId(testSigner, applicationId, uuid);
}

export interface TestApp {
  app: App;
  /** The app's database, for assertions on what is stored. */
  db: Database;
  clock: ReturnType<typeof createManualClock>;
  /** The app's background jobs: `jobs.runDue(t.clock.now())` runs what is queued. */
  jobs: BackgroundJobs;
  scratch: ScratchDatabase;
  close(): Promise<void>;
}

/** Limits loose enough that a test file's many sign-ins from 127.0.0.1 never hit them. */
export const LOOSE_LIMITS: Partial<RateLimits> = {
  authPerIp: { max: 10_000, windowSeconds: 600 },
  perIp: { max: 100_000, windowSeconds: 60 },
};

/** A sandbox address nothing listens on (port 9, discard): a test without a sandbox never reaches a running one. */
const UNREACHABLE_PAYMENTS: PaymentsConfig = {
  provider: 'sandbox',
  sandboxUrl: 'http://127.0.0.1:9',
  secretKey: 'sk_test_unreachable',
  publishableKey: 'pk_test_unreachable',
  webhookSecrets: ['whsec_unreachable_in_tests'],
};

/** The API on a scratch database of `backend`, with a clock tests can move and the dev mailbox. */
export async function startTestApp(
  backend: Backend,
  options: {
    config?: Partial<AppConfig>;
    limits?: Partial<RateLimits>;
    app?: Pick<BuildAppOptions, 'cache' | 'rateLimitKeyPrefix' | 'speech' | 'pushAgent'>;
    /** The payments sandbox to use (testing/paymentsSandbox.ts); without one, payments are unreachable (503). */
    payments?: { config: PaymentsConfig };
  } = {},
): Promise<TestApp> {
  const scratch = await createScratchDatabase(backend, { migrated: true });
  const clock = createManualClock();
  const db = await scratch.open();
  const payments = options.payments?.config ?? UNREACHABLE_PAYMENTS;
  const jobs = createBackgroundJobs(db);
  const app = await buildApp(testConfig({ jwtSecret: TEST_JWT_SECRET, payments, ...options.config }), {
    db,
    clock,
    jobs,
    ...options.app,
    limits: { ...DEFAULT_RATE_LIMITS, ...LOOSE_LIMITS, ...options.limits },
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    jobs,
    scratch,
    async close() {
      await app.close();
      await scratch.drop();
    },
  };
}

export const bearer = (token: string) => ({ [API_HEADERS.authorization]: `Bearer ${token}` });
export const forApplication = (applicationId: string) => ({ [API_HEADERS.applicationId]: applicationId });

/** The latest sign-in code the dev mailbox holds for `email`. */
export async function latestCode(app: App, email: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mailbox?email=${encodeURIComponent(email)}` });
  if (res.statusCode !== 200) throw new Error(`mailbox answered ${res.statusCode}: ${res.body}`);
  const text: string = res.json<{ messages: Array<{ text: string }> }>().messages[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in the mailbox of ${email}`);
  return code;
}

/** Signs in by email code through the dev mailbox, as a browser would. */
export async function signInByEmail(app: App, email: string, headers: Record<string, string> = {}): Promise<SignInResult> {
  const requested = await app.inject({ method: 'POST', url: '/api/v2/auth/email-code', headers, payload: { email } });
  if (requested.statusCode !== 200) throw new Error(`email-code answered ${requested.statusCode}: ${requested.body}`);
  const code = await latestCode(app, email);
  const verified = await app.inject({ method: 'POST', url: '/api/v2/auth/email-code/verify', headers, payload: { email, code } });
  if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
  return verified.json<SignInResult>();
}

/** Signs in and completes sign-up with `username`. */
export async function signUp(app: App, email: string, username: string, headers: Record<string, string> = {}): Promise<SignInResult> {
  const signedIn = await signInByEmail(app, email, headers);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/users',
    headers: { ...headers, ...bearer(signedIn.token) },
    payload: { username, name: 'Tester', age: true, toc: true },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
  return { ...signedIn, user: res.json() };
}
