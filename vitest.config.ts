import { defineConfig } from 'vitest/config';

/** Unit tests only: tests/browser is Playwright's. */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
