import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/lib/chromium';
import { SITE_PORT_BASE } from './support/ports';

// The composed production build, every remote on its own origin, in Debian's Chromium.
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/globalSetup.ts',
  // Specs stop and start remote servers and edit the deployment: one worker keeps them from meeting.
  workers: 1,
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
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
