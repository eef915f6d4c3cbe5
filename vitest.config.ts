import { defineConfig } from 'vitest/config';
import { scaled } from './tests/load.ts';

/** Unit tests only: tests/browser is Playwright's. */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    // Time limits scale with how busy the machine is when the run starts (tests/load.ts).
    testTimeout: scaled(30_000),
    hookTimeout: scaled(30_000),
  },
});
