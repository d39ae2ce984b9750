import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { clockFile } from './e2e/support/clock.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
// E2E_PORT lets two runs (e.g. two worktrees or sessions) share a machine without a port clash.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
/**
 * Debian's Chromium headless shell (package chromium-headless-shell; `.ci/run` installs it): the
 * browser's engine without its user interface, what Playwright runs headless by default. A third
 * less CPU a journey than the full browser's headless mode (DECISIONS 277); the full browser when
 * the shell is missing, or E2E_BROWSER's.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER =
  process.env.E2E_BROWSER ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
// The portal's clock starts at the machine's time at every run (e2e/support/clock.ts).
fs.writeFileSync(clockFile(PORT), '0');

/**
 * Journeys in the system Chromium against the real server, which serves the built web app
 * (`npm run build -w @portal/web` first; `npm run test:e2e` does both). Every run gets a fresh
 * data directory, so the demo data is seeded anew.
 */
export default defineConfig({
  testDir: './e2e',
  // Per port, so a second run does not wipe the first one's traces while it is still writing them.
  outputDir: process.env.E2E_PORT ? `./test-results/playwright-${PORT}` : './test-results/playwright',
  workers: 1,
  // On CI a journey that fails is run once more and passes only if it then passes whole; the list
  // reporter names it 'flaky' (DECISIONS 167). Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // CI runs the journeys beside the API suites on two cores (scripts/test-all.mjs), so a step can
  // wait several seconds for CPU; no journey measures time.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    // Traced on CI's retry of a failed journey only (a trace records every frame and action of every
    // journey: about a sixth of a journey's CPU); locally `--trace on`. DECISIONS 276.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: BROWSER,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `portal-e2e-${Date.now()}`),
      LOG_LEVEL: 'warn',
      // No metrics port: parallel runs on one machine would share 9464 (issue #37).
      METRICS_PORT: '0',
      // The demo identity simulator gets its own port per run too.
      IDENTITY_SIM_PORT: String(PORT + 1000),
      // And the demo account name simulator (issue #36).
      ACCOUNT_SIM_PORT: String(PORT + 1001),
      // Every journey signs in from 127.0.0.1, faster than people do (the limit is 30 a minute).
      LOGIN_RATE_PER_IP: '600',
      // Claims too: starting one, its PSN and its account each count (the limit is 30 a minute).
      CLAIM_RATE_PER_IP: '600',
      // A journey moves the exercises' clock forward (never set outside tests; DECISIONS 186).
      PORTAL_CLOCK_FILE: clockFile(PORT),
      // A run may serve its own build (`vite build --outDir …`), so parallel runs do not rebuild each other's files.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
