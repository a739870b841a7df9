import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

/** The renderer build, shared by electron-vite (desktop) and browser mode. */
export const rendererConfig: UserConfig = {
  root: path.resolve(__dirname, 'src/renderer'),
  base: './',
  plugins: [react()],
  build: {
    outDir: path.resolve(__dirname, 'out/renderer'),
    emptyOutDir: true,
    // Keep every asset a file: inline data: URLs for scripts would break the CSP.
    assetsInlineLimit: 0,
    rollupOptions: { input: path.resolve(__dirname, 'src/renderer/index.html') },
  },
};

export default defineConfig(rendererConfig);
