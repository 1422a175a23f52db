// Browser tests: Debian's Chromium (never a downloaded browser), against the real app started by tests/e2e/support/serve.ts.
import { defineConfig } from '@playwright/test';
import { baseURL } from './tests/e2e/support/ports.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // One spec file at a time: two (tried, docs/decisions/069-test-time.md) kept both cores busy and gained little, and a
  // model path's timing failed once under them. `--workers=2` runs two.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous: these tests must hold on a busy two-core machine; they wait for conditions, never for time.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'es-PR',
    trace: 'retain-on-failure',
    // The app registers a service worker (docs/decisions/060-offline-shell.md); only tests/e2e/offline-shell.spec.ts
    // lets it run, so no other spec is answered from a cache or reloaded by an update.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/build-spa.mjs && node --import tsx tests/e2e/support/serve.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
