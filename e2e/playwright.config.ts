import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/lib/chromium';
import { SITE_PORT_BASE } from './support/ports';

/**
 * The specs that change what every other page sees, run one at a time after all the others: they stop and start
 * remote servers, edit the served deployments, switch the main application's feature flags, or move a subscription's
 * billing time and run the due billing jobs.
 * Every other spec keeps to its own members and data, and runs in parallel workers: a spec that needs the fake engine
 * to answer otherwise (slowly, cut, failing, echoing the prompt) changes the replies to its own messages only
 * (`setEngine(when, …)` in support/site.ts).
 */
const SERIAL_SPECS = ['flag-variants', 'remote-down', 'remote-versions', 'redeploy-remote', 'remote-rollout', 'new-remote', 'billing-lifecycle'];
const SERIAL = new RegExp(`/(${SERIAL_SPECS.join('|')})\\.spec\\.ts$`);

// The composed production build, every remote on its own origin, in Debian's Chromium.
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/globalSetup.ts',
  // Two workers for the independent specs (the machine has two cores, and a test waits on the site much of the time);
  // the serial project below holds itself to one.
  workers: 2,
  fullyParallel: false,
  // No retries: a test that fails once is a failure to fix, not a flake to hide.
  retries: 0,
  // A test's limit catches a hang, not slowness: the longest journeys (billing) take over 20 s on a quiet machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${SITE_PORT_BASE}`,
    // The first visit of the main brand's home shows the "I'm interested in..." picker over the page (its flag is
    // on); specs start as returning visitors. Unit tests cover the picker.
    storageState: {
      cookies: [],
      origins: [{ origin: `http://localhost:${SITE_PORT_BASE}`, localStorage: [{ name: 'fable.interestPickerDone', value: 'true' }] }],
    },
    launchOptions: chromiumLaunchOptions,
    // CI keeps no trace: its printed output is all that is read of a run there, and recording one costs every test seconds.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'parallel', testIgnore: SERIAL, use: { browserName: 'chromium' } },
    // After every parallel spec has finished, so that nothing it changes meets a test in flight.
    { name: 'serial', testMatch: SERIAL, workers: 1, dependencies: ['parallel'], use: { browserName: 'chromium' } },
  ],
});
