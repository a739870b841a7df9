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
    // Names bound to a require function made by createRequire(…): calling them loads a package as require() does.
    const madeRequires = new Set();
    const isCreateRequire = (callee) =>
      (callee.type === 'Identifier' && callee.name === 'createRequire') ||
      (callee.type === 'MemberExpression' &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'createRequire');
    const isRequire = (callee) =>
      (callee.type === 'Identifier' && (callee.name === 'require' || madeRequires.has(callee.name))) ||
      (callee.type === 'CallExpression' && isCreateRequire(callee.callee)) ||
      (callee.type === 'MemberExpression' &&
        !callee.computed &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'require');
    return {
      VariableDeclarator: (n) => {
        if (n.id.type === 'Identifier' && n.init?.type === 'CallExpression' && isCreateRequire(n.init.callee))
          madeRequires.add(n.id.name);
      },
      ImportDeclaration: (n) => check(n.source, n.source.value, false),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value, false),
      ExportAllDeclaration: (n) => check(n.source, n.source.value, false),
      ImportExpression: (n) => checkDynamic(n, n.source),
      CallExpression: (n) => isRequire(n.callee) && checkDynamic(n, n.arguments[0]),
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
  ],
  paths: ['src/renderer', 'src/shared'],
};

/** Every script extension a layer's folder may hold: a `.tsx`, `.mts` or `.cts` file is under the same rule. */
const SCRIPT = '{ts,tsx,mts,cts}';

/**
 * Allow-list entries no file of the layer imports yet, each with the reason it is kept. The allow-list test
 * accepts an unused entry only when it is named here.
 */
export const pendingImports = {};

/** Each layer: the files it holds and what they may import. */
export const layers = [
  {
    files: [`src/shared/**/*.${SCRIPT}`],
    layer: 'src/shared',
    why: 'the contract is zod only: no node, DOM, electron or app code.',
    packages: ['zod'],
    paths: ['src/shared'],
  },
  {
    files: [`src/main/core/**/*.${SCRIPT}`],
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
      'undici',
      'zod',
    ],
    paths: ['src/main/core', 'src/shared'],
    node: true,
    dynamicPackages: false,
  },
  {
    files: [`src/main/web/**/*.${SCRIPT}`],
    layer: 'src/main/web',
    why: 'the browser host runs without electron and never uses the shell.',
    packages: ['ws'],
    paths: ['src/main/web', 'src/main/core', 'src/main/media', 'src/main/embedded-sandbox', 'src/shared'],
    node: true,
    dynamicPackages: false,
  },
  {
    files: [`src/main/media/**/*.${SCRIPT}`],
    layer: 'src/main/media',
    why: 'serving media is shared by the shell and the browser host: no electron, no shell.',
    packages: [],
    paths: ['src/main/media', 'src/main/core', 'src/shared'],
    node: true,
    dynamicPackages: false,
  },
  {
    files: [`src/main/shell/**/*.${SCRIPT}`],
    layer: 'src/main/shell',
    why: 'the shell wires electron to the core; it never imports the renderer, preload or browser host.',
    packages: ['electron', 'electron-store', 'zod'],
    paths: ['src/main/shell', 'src/main/core', 'src/main/media', 'src/shared'],
    node: true,
  },
  {
    files: [`src/main/*.${SCRIPT}`],
    layer: 'src/main',
    why: 'the composition root joins the main-process layers, never renderer or preload code.',
    packages: ['electron', 'electron-updater'],
    paths: ['src/main', 'src/shared', 'src/sandbox'],
    node: true,
  },
  { files: [`src/renderer/**/*.${SCRIPT}`], ...renderer },
  {
    files: [`src/preload/**/*.${SCRIPT}`],
    layer: 'src/preload',
    why: 'the preload only bridges the contract.',
    packages: ['electron'],
    paths: ['src/preload', 'src/shared'],
  },
  {
    files: [`src/sandbox/**/*.${SCRIPT}`],
    layer: 'src/sandbox',
    why: 'the sandbox stands alone: it is the platform, not part of the app.',
    packages: ['better-sqlite3', 'sharp', 'zod'],
    paths: ['src/sandbox'],
    node: true,
  },
];

/**
 * A layer's test files: `dir/*.{ext}` → its tests and test helpers, `dir/name.ts` → `dir/name.test.{ext}`. A glob
 * of another shape is refused, not passed on unchanged (that would put the layer's own files under the test rule).
 */
export const testFiles = (globs) =>
  globs.map((g) => {
    if (g.endsWith(`/*.${SCRIPT}`))
      return `${g.slice(0, -`*.${SCRIPT}`.length)}{*.test.${SCRIPT},test-*.${SCRIPT},test-kit.${SCRIPT}}`;
    const single = /^(.+\/[\w.-]+)\.ts$/.exec(g);
    if (single) return `${single[1]}.test.${SCRIPT}`;
    throw new Error(
      `testFiles: cannot find the tests of the layer glob "${g}" (it must end in /*.${SCRIPT} or name one .ts file).`,
    );
  });
/** Tests and their helpers may also use the test runner (and Testing Library in the renderer), the shared test
 * support and the sandbox. */
const forTests = (layer) => ({
  ...layer,
  layer: `${layer.layer} tests`,
  files: testFiles(layer.files),
  packages: [...layer.packages, ...testPackages(layer)],
  paths: [...layer.paths, 'test', 'src/sandbox'],
  dynamicPackages: true,
});

/** The test tools a layer's tests may import on top of the layer's own packages. */
export const testPackages = (layer) => (layer.layer === 'src/renderer' ? ['vitest', '@testing-library/*'] : ['vitest']);

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
    files: [`src/main/**/*.${SCRIPT}`],
    rules: ipcRules(ipcOnly('ipcMain', 'src/main/shell/ipc.ts'), ipcOnly('ipcRenderer', 'src/preload')),
  },
  { files: [`src/main/shell/ipc.${SCRIPT}`], rules: ipcRules(ipcOnly('ipcRenderer', 'src/preload')) },
  {
    files: [`src/main/core/**/*.${SCRIPT}`],
    rules: { 'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage'] },
  },
  {
    files: [`src/preload/**/*.${SCRIPT}`, `test/**/*.${SCRIPT}`, `bench/**/*.${SCRIPT}`, `scripts/**/*.${SCRIPT}`],
    rules: ipcRules(ipcOnly('ipcMain', 'src/main/shell/ipc.ts')),
  },
  {
    files: [`test/**/*.${SCRIPT}`, `bench/**/*.${SCRIPT}`, `scripts/**/*.${SCRIPT}`],
    rules: ipcRules(ipcOnly('ipcMain', 'src/main/shell/ipc.ts'), ipcOnly('ipcRenderer', 'src/preload')),
  },
);
