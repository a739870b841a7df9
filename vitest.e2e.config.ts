import { defineConfig } from 'vitest/config';

// Browser-mode end-to-end suite: the real core behind the WebSocket bridge, Chromium driven by
// playwright-core. Needs `npm run build:renderer` first (npm run test:e2e does it).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
