import { defineConfig } from 'vitest/config';

// Crash-safety suites: child processes killed at chosen moments. They run on their own, after the
// unit suite, so their kill timing never competes with CPU-heavy suites (the fuzzing) for the cores.
export default defineConfig({
  test: {
    include: ['test/crash/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
