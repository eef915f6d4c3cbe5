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
    // Test files share their worker's modules instead of importing them afresh each: the unit tests took 81 s of
    // CPU against 98 s at a load of 9 (79 against 112 at 20). So a test restores any global it replaces.
    isolate: false,
    // Time limits scale with how busy the machine is when the run starts (tests/load.ts).
    testTimeout: scaled(30_000),
    hookTimeout: scaled(30_000),
  },
});
