import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The renderer build, used by browser mode and reused by electron.vite.config.ts for the desktop build. */
export default defineConfig({
  root: path.resolve(here, 'src/renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: path.resolve(here, 'out/renderer'),
    emptyOutDir: true,
    // Keep every asset a file: inline data: URLs for scripts would break the CSP.
    assetsInlineLimit: 0,
    rollupOptions: { input: path.resolve(here, 'src/renderer/index.html') },
  },
});
