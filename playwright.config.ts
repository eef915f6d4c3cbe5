import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/** Browser tests run against the built site (`npm run build` first), served by the same server as `npm start`. */
const port = Number(process.env.TEST_PORT ?? 4173);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Time limits scale with how busy the machine is when the suite starts (load average per core, at least 1, at most
 * 4): a test that takes 10 s on idle cores takes 30 s when three times as many processes want them, and a limit
 * that fails it then measures the machine, not the site. The budgets themselves are measured by `npm run bench`.
 */
const busy = Math.min(4, Math.max(1, (os.loadavg()[0] ?? 0) / os.availableParallelism()));

export default defineConfig({
  testDir: 'tests/browser',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: Math.round(30_000 * busy),
  expect: { timeout: Math.round(5_000 * busy) },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: chromium },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromium } } }],
  webServer: {
    command: `npx tsx src/serve/serve-site.ts site --port ${port}`,
    url: `http://localhost:${port}/doc/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
