import { defineConfig } from 'vitest/config';

// The same journeys as the browser-mode suite, against the real Electron app. Runs where the
// Electron runtime exists (scripts/test-electron.cjs checks and says so when it does not).
export default defineConfig({
  test: {
    include: ['test/electron/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
