// For billing tests: the describe block every paying test file opens, once per database, around the payments test app.
import type { AppConfig } from '../config';
import { startPaymentsTestApp, type PaymentsTestApp } from './paymentsTestApp';
import { BACKENDS, DB_SETUP_TIMEOUT_MS, type Backend } from './testDatabases';

export interface DescribePaymentsOptions {
  /** The test clock's start (startPaymentsTestApp's default when absent). */
  clockAt?: Date;
  /** Configuration over the test app's. */
  config?: Partial<AppConfig>;
}

/**
 * The rig `body` is given while its block is defined, before beforeAll has started it: every property is read from
 * the started rig when used (in a hook or a test); used earlier, it says so.
 */
function startedLater(current: () => PaymentsTestApp | undefined): PaymentsTestApp {
  return new Proxy({} as PaymentsTestApp, {
    get(_target, key) {
      const rig = current();
      if (!rig) throw new Error(`the payments test app starts in beforeAll: rig.${String(key)} is for hooks and tests`);
      return Reflect.get(rig, key);
    },
  });
}

/** A payments describe block's tests: `rig` is read when used (in a hook or a test), `backend` the database's name. */
export type PaymentsBlock = (rig: PaymentsTestApp, backend: Backend) => void;

/**
 * `describe.each(BACKENDS)(title, …)` around a payments test app (startPaymentsTestApp: the API on a scratch database,
 * the payments sandbox behind a line the tests can cut, its webhooks relayed; `options` for its clock and
 * configuration): started before the block's own beforeAll hooks, settled after each test (the line back to pass,
 * held webhooks released and delivered), closed after the block's own afterAll hooks (so those may still use it, and
 * close first what they opened on it).
 */
export function describePayments(title: string, body: PaymentsBlock): void;
export function describePayments(title: string, options: DescribePaymentsOptions, body: PaymentsBlock): void;
export function describePayments(title: string, ...args: [PaymentsBlock] | [DescribePaymentsOptions, PaymentsBlock]): void {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  describe.each(BACKENDS)(title, (backend) => {
    let started: PaymentsTestApp | undefined;
    beforeAll(async () => {
      started = await startPaymentsTestApp(backend, options.clockAt, { config: options.config });
    }, DB_SETUP_TIMEOUT_MS);
    afterEach(() => started?.settle());
    body(startedLater(() => started), backend);
    afterAll(() => started?.close());
  });
}
