import { defineConfig, devices } from '@playwright/test';
import { scaled } from './tests/load.ts';

/** Browser tests run against the built site (`npm run build` first), served by the same server as `npm start`. */
const port = Number(process.env.TEST_PORT ?? 4173);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export default defineConfig({
  testDir: 'tests/browser',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Time limits scale with how busy the machine is when the suite starts (tests/load.ts).
  timeout: scaled(30_000),
  expect: { timeout: scaled(5_000) },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: chromium },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromium } } }],
  webServer: {
    // One Node process with tsx's loader: answers in about 1 s, where `npx tsx` (npm, a shell, tsx's CLI, then
    // Node) took about 4 s before the first test could start.
    command: `node --import tsx src/serve/serve-site.ts site --port ${port}`,
    url: `http://localhost:${port}/doc/`,
    reuseExistingServer: false,
    timeout: scaled(30_000),
  },
});
