import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { scaled } from './tests/load.ts';

/** Unit tests only: tests/browser is Playwright's. */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    // A worker per core (Vitest's default leaves one core out: one worker on two cores). Many files wait on a child
    // process (the engine, a build's Pagefind, a server), and another file runs meanwhile.
    maxWorkers: os.availableParallelism(),
    // Time limits scale with how busy the machine is when the run starts (tests/load.ts).
    testTimeout: scaled(30_000),
    hookTimeout: scaled(30_000),
  },
});
