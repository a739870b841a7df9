import { defineConfig } from 'vitest/config';

// Unit and integration tests: everything that runs in plain Node (core, sandbox, shell with
// electron mocked). Browser-mode e2e has its own config.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/unit/**/*.test.ts', 'test/dialects/**/*.test.ts', 'test/fuzz/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    server: { deps: { inline: ['electron-store', 'conf'] } },
  },
});
