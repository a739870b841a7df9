import { defineConfig } from 'vitest/config';

// Unit and integration tests: everything that runs in plain Node (core, sandbox, shell with
// electron mocked), and the renderer's component tests in a DOM. Browser-mode e2e has its own config.
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'src/**/*.test.ts',
            'test/unit/**/*.test.ts',
            'test/dialects/**/*.test.ts',
            'test/fuzz/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          environment: 'node',
          server: { deps: { inline: ['electron-store', 'conf'] } },
        },
      },
      {
        extends: true,
        // React's automatic runtime, as the renderer build uses it.
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'renderer',
          include: ['src/renderer/**/*.test.tsx'],
          // jsdom: Radix and the focus handling the screens rely on behave there as in a browser.
          environment: 'jsdom',
          setupFiles: ['src/renderer/test-support/test-setup.ts'],
          // Times on screen in one known zone, whatever the machine's.
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
});
