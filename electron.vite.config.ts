import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import rendererConfig from './vite.renderer.config.mts';

/**
 * Ship the numbered .sql migrations beside the bundled main process, and the window icon (Linux
 * window managers take it from the window; Windows and macOS take it from the executable).
 */
function copyMigrations(): Plugin {
  return {
    name: 'atelier-copy-migrations',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? path.resolve(__dirname, 'out/main');
      const from = path.resolve(__dirname, 'src/main/core/db/migrations');
      const to = path.join(dir, 'db', 'migrations');
      fs.mkdirSync(to, { recursive: true });
      for (const f of fs.readdirSync(from).filter((n) => n.endsWith('.sql')))
        fs.copyFileSync(path.join(from, f), path.join(to, f));
      fs.copyFileSync(path.resolve(__dirname, 'resources/icon.png'), path.join(dir, 'icon.png'));
    },
  };
}

export default defineConfig({
  main: {
    // ESM-only packages are bundled into the CommonJS main; native ones stay external.
    build: {
      externalizeDeps: { exclude: ['electron-store', 'conf'] },
      rollupOptions: { input: { index: path.resolve(__dirname, 'src/main/index.ts') } },
    },
    plugins: [copyMigrations()],
  },
  preload: {
    // A sandboxed preload can require nothing: bundle everything into one CommonJS file.
    build: {
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: path.resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: rendererConfig,
});
