// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** Layering rules from the design: where code may run is visible from its path. */
const layers = {
  shared: {
    paths: ['electron', 'electron-store', 'better-sqlite3', 'react', 'react-dom', ...nodeBuiltins],
    patterns: ['**/main/**', '**/renderer/**', '**/preload/**', '**/sandbox/**'],
    why: 'src/shared is the contract: zod only, no node, DOM or electron.',
  },
  core: {
    paths: ['electron', 'electron-store', 'react', 'react-dom'],
    patterns: ['**/shell/**', '**/web/**', '**/renderer/**', '**/preload/**', '**/sandbox/**', '**/embedded-sandbox', 'electron/*'],
    why: 'src/main/core runs in plain Node: never electron, DOM or renderer code.',
  },
  renderer: {
    paths: ['electron', 'electron-store', 'better-sqlite3', ...nodeBuiltins],
    patterns: ['**/main/**', '**/preload/**', '**/sandbox/**'],
    why: 'src/renderer is untrusted web code: it talks to the core only through its Backend.',
  },
  sandbox: {
    paths: ['electron'],
    patterns: ['**/main/**', '**/renderer/**', '**/preload/**', '**/shared/**'],
    why: 'src/sandbox stands alone: it is the platform, not part of the app.',
  },
};

const ipcOnly = (name, allowed) => ({ name: 'electron', importNames: [name], message: `Only ${allowed} may use ${name}.` });
const ipcMainOnly = ipcOnly('ipcMain', 'src/main/shell/ipc.ts');
const ipcRendererOnly = ipcOnly('ipcRenderer', 'src/preload');

/** One no-restricted-imports rule per file group (later blocks replace, not merge, a rule). */
const restrict = (layer, extraPaths = []) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [...layer.paths.map((name) => ({ name, message: layer.why })), ...extraPaths],
      ...(layer.patterns.length ? { patterns: [{ group: layer.patterns, message: layer.why }] } : {}),
    },
  ],
});

const mainElsewhere = { paths: [], patterns: ['**/renderer/**', '**/preload/**'], why: 'The main process never imports renderer or preload code.' };

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'coverage/**', '**/*.cjs', 'test/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  { files: ['src/main/**/*.ts'], rules: restrict(mainElsewhere, [ipcMainOnly, ipcRendererOnly]) },
  { files: ['src/main/shell/ipc.ts'], rules: restrict(mainElsewhere, [ipcRendererOnly]) },
  { files: ['src/shared/**/*.ts'], rules: restrict(layers.shared) },
  {
    files: ['src/main/core/**/*.ts'],
    rules: {
      ...restrict(layers.core),
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage'],
    },
  },
  { files: ['src/renderer/**/*.{ts,tsx}'], rules: restrict(layers.renderer) },
  { files: ['src/sandbox/**/*.ts'], rules: restrict(layers.sandbox) },
  { files: ['src/preload/**/*.ts'], rules: restrict({ paths: [], patterns: ['**/main/**', '**/renderer/**'], why: 'The preload only bridges the contract.' }, [ipcMainOnly]) },
  { files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'], rules: restrict({ paths: [], patterns: [], why: '' }, [ipcMainOnly, ipcRendererOnly]) },
);
