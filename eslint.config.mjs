// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const builtins = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (spec) => spec.startsWith('node:') || builtins.has(packageName(spec));
const listed = (name, packages) =>
  packages.some((p) => (p.endsWith('/*') ? name.startsWith(p.slice(0, -1)) : name === p));
const inside = (rel, dirs) => dirs.some((d) => rel === d || rel.startsWith(`${d}/`));

/**
 * Layering by allow-list: a file may import only the packages and folders its layer lists, so a
 * new dependency is a decision written here, not something that slips in.
 */
const allowedImports = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          layer: { type: 'string' },
          why: { type: 'string' },
          packages: { type: 'array', items: { type: 'string' } },
          paths: { type: 'array', items: { type: 'string' } },
          node: { type: 'boolean' },
          dynamicPackages: { type: 'boolean' },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { layer, why, packages = [], paths = [], node = false, dynamicPackages = true } = context.options[0] ?? {};
    const report = (node_, what) =>
      context.report({ node: node_, message: `${what} is not allowed in ${layer}: ${why}` });
    const check = (at, spec, dynamic) => {
      if (spec.startsWith('.')) {
        const rel = path
          .relative(root, path.resolve(path.dirname(context.filename), spec))
          .split(path.sep)
          .join('/');
        if (!inside(rel, paths)) report(at, `Importing ${rel}`);
      } else if (isBuiltin(spec)) {
        if (!node) report(at, `The Node built-in ${spec}`);
      } else if (dynamic && !dynamicPackages) report(at, `Loading the package ${spec} with require() or import()`);
      else if (!listed(packageName(spec), packages)) report(at, `The package ${spec}`);
    };
    const checkDynamic = (at, arg) => {
      if (arg?.type === 'Literal' && typeof arg.value === 'string') check(at, arg.value, true);
      else if (arg?.type === 'TemplateLiteral' && arg.expressions.length === 0)
        check(at, arg.quasis[0]?.value.cooked ?? '', true);
      else if (!dynamicPackages) report(at, 'A computed require() or import() (it can load any package)');
    };
    return {
      ImportDeclaration: (n) => check(n.source, n.source.value, false),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value, false),
      ExportAllDeclaration: (n) => check(n.source, n.source.value, false),
      ImportExpression: (n) => checkDynamic(n, n.source),
      CallExpression: (n) =>
        n.callee.type === 'Identifier' && n.callee.name === 'require' && checkDynamic(n, n.arguments[0]),
    };
  },
};

const renderer = {
  layer: 'src/renderer',
  why: 'the renderer is untrusted web code: its UI libraries and the contract, nothing of main, node or electron.',
  packages: [
    'react',
    'react-dom',
    '@tanstack/react-query',
    '@tanstack/react-virtual',
    'radix-ui',
    'downshift',
    'react-hook-form',
    '@hookform/resolvers',
    '@dnd-kit/*',
    'date-fns',
    '@date-fns/tz',
    'zod',
    'papaparse',
  ],
  paths: ['src/renderer', 'src/shared'],
};

/** Each layer: the files it holds and what they may import. */
const layers = [
  {
    files: ['src/shared/**/*.ts'],
    layer: 'src/shared',
    why: 'the contract is zod only: no node, DOM, electron or app code.',
    packages: ['zod'],
    paths: ['src/shared'],
  },
  {
    // Calendar arithmetic is shared by the core and the renderer, which both list date-fns.
    files: ['src/shared/calendar.ts'],
    layer: 'src/shared/calendar.ts',
    why: 'zod and date arithmetic only.',
    packages: ['zod', 'date-fns', '@date-fns/tz'],
    paths: ['src/shared'],
  },
  {
    files: ['src/main/core/**/*.ts'],
    layer: 'src/main/core',
    why:
      'the core runs in plain Node with its listed packages, never electron, DOM, shell, web or renderer code; ' +
      'packages load statically.',
    packages: [
      '@apidevtools/swagger-parser',
      '@date-fns/tz',
      'better-sqlite3',
      'date-fns',
      'fflate',
      'papaparse',
      'sharp',
      'zod',
    ],
    paths: ['src/main/core', 'src/shared'],
    node: true,
    dynamicPackages: false,
  },
  {
    files: ['src/main/web/**/*.ts'],
    layer: 'src/main/web',
    why: 'the browser host runs without electron and never uses the shell.',
    packages: ['ws', 'zod'],
    paths: ['src/main/web', 'src/main/core', 'src/main/media', 'src/main/embedded-sandbox', 'src/shared'],
    node: true,
  },
  {
    files: ['src/main/media/**/*.ts'],
    layer: 'src/main/media',
    why: 'serving media is shared by the shell and the browser host: no electron, no shell.',
    packages: [],
    paths: ['src/main/media', 'src/main/core', 'src/shared'],
    node: true,
  },
  {
    files: ['src/main/shell/**/*.ts'],
    layer: 'src/main/shell',
    why: 'the shell wires electron to the core; it never imports the renderer, preload or browser host.',
    packages: ['electron', 'electron-store', 'electron-updater', 'zod'],
    paths: ['src/main/shell', 'src/main/core', 'src/main/media', 'src/shared'],
    node: true,
  },
  {
    files: ['src/main/*.ts'],
    layer: 'src/main',
    why: 'the composition root joins the main-process layers, never renderer or preload code.',
    packages: ['electron', 'electron-store', 'electron-updater', 'zod'],
    paths: ['src/main', 'src/shared', 'src/sandbox'],
    node: true,
  },
  { files: ['src/renderer/**/*.{ts,tsx}'], ...renderer },
  {
    files: ['src/preload/**/*.ts'],
    layer: 'src/preload',
    why: 'the preload only bridges the contract.',
    packages: ['electron'],
    paths: ['src/preload', 'src/shared'],
  },
  {
    files: ['src/sandbox/**/*.ts'],
    layer: 'src/sandbox',
    why: 'the sandbox stands alone: it is the platform, not part of the app.',
    packages: ['better-sqlite3', 'sharp', 'zod'],
    paths: ['src/sandbox'],
    node: true,
  },
];

/** Tests and their helpers may also use the test tools, the shared test support and the sandbox. */
const testFiles = (globs) => globs.map((g) => g.replace(/\*\.(\{ts,tsx\}|ts)$/, '{*.test.$1,test-*.ts,test-kit.ts}'));
const forTests = (layer) => ({
  ...layer,
  files: testFiles(layer.files),
  packages: [...layer.packages, 'vitest', 'fast-check', '@testing-library/*', 'happy-dom', 'jsdom'],
  paths: [...layer.paths, 'test', 'src/sandbox'],
  dynamicPackages: true,
});

const ipcOnly = (name, allowed) => ({
  name: 'electron',
  importNames: [name],
  message: `Only ${allowed} may use ${name}.`,
});
const ipcRules = (...only) => ({ 'no-restricted-imports': ['error', { paths: only }] });
const layerBlock = ({ files, ...options }) => ({
  files,
  rules: { 'layers/allowed-imports': ['error', options] },
});

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'coverage/**', '**/*.cjs', 'test/lint-fixtures/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  { plugins: { layers: { rules: { 'allowed-imports': allowedImports } } } },
  ...layers.flatMap((layer) => [layerBlock(layer), layerBlock(forTests(layer))]),
  {
    files: ['src/main/**/*.ts'],
    rules: ipcRules(ipcOnly('ipcMain', 'src/main/shell/ipc.ts'), ipcOnly('ipcRenderer', 'src/preload')),
  },
  { files: ['src/main/shell/ipc.ts'], rules: ipcRules(ipcOnly('ipcRenderer', 'src/preload')) },
  {
    files: ['src/main/core/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage'] },
  },
  {
    files: ['src/preload/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: ipcRules(ipcOnly('ipcMain', 'src/main/shell/ipc.ts')),
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: ipcRules(ipcOnly('ipcMain', 'src/main/shell/ipc.ts'), ipcOnly('ipcRenderer', 'src/preload')),
  },
);
