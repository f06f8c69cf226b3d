import { defineConfig } from '@playwright/test'
import { availableParallelism } from 'node:os'

/** Browser tests run in the Chromium at CHROMIUM_PATH (Debian's by default; `npm test` sets it, to Playwright's own download where no other is found) against the real web bridge. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Spec files side by side, one per core (at least two: each test waits on its own app and browser
  // much of the time); the tests of one file in order. Each test starts its own app on a free port with
  // its own data folder (tests/e2e/app.ts), so none shares anything with another.
  workers: Math.max(2, Math.min(4, availableParallelism())),
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
    viewport: { width: 1200, height: 820 },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
})
