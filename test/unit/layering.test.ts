import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// The lint step is what stops a layering violation in CI; these cases prove each rule bites.
const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function errorsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

/** A module that imports `spec` and uses it, so only the import itself can be at fault. */
const importing = (spec: string) => `import * as m from '${spec}';\nexport const a = m;\n`;
const isLayering = (e: string) => e.startsWith('no-restricted-') || e.startsWith('layers/allowed-imports');

describe('layering rules', () => {
  it.each([
    ['core importing electron', 'src/main/core/x.ts', "import { app } from 'electron';\nexport const a = app;\n"],
    [
      'core importing the shell',
      'src/main/core/x.ts',
      "import { hardenSession } from '../shell/security';\nexport const a = hardenSession;\n",
    ],
    ['core touching the DOM', 'src/main/core/x.ts', 'export const a = document.title;\n'],
    [
      'renderer importing main',
      'src/renderer/x.ts',
      "import { createCore } from '../main/core/app';\nexport const a = createCore;\n",
    ],
    ['renderer importing node', 'src/renderer/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n"],
    [
      'renderer importing electron',
      'src/renderer/x.ts',
      "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n",
    ],
    ['shared importing node', 'src/shared/x.ts', "import path from 'node:path';\nexport const a = path;\n"],
    [
      'shared importing main',
      'src/shared/x.ts',
      "import { fail } from '../main/core/errors';\nexport const a = fail;\n",
    ],
    [
      'ipcMain outside shell/ipc.ts',
      'src/main/shell/window2.ts',
      "import { ipcMain } from 'electron';\nexport const a = ipcMain;\n",
    ],
    [
      'ipcRenderer in main',
      'src/main/shell/x.ts',
      "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n",
    ],
    [
      'sandbox importing the app',
      'src/sandbox/x.ts',
      "import { contract } from '../shared/contract';\nexport const a = contract;\n",
    ],
  ])('rejects %s', async (_name, file, code) => {
    const errors = await errorsFor(file, code);
    expect(errors.some(isLayering)).toBe(true);
  });

  it.each([
    [
      'ipcMain in shell/ipc.ts',
      'src/main/shell/ipc.ts',
      "import { ipcMain } from 'electron';\nexport const a = ipcMain;\n",
    ],
    [
      'ipcRenderer in the preload',
      'src/preload/x.ts',
      "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n",
    ],
    [
      'core using node and shared',
      'src/main/core/x.ts',
      "import fs from 'node:fs';\nimport { contract } from '../../shared/contract';\nexport const a = [fs, " +
        'contract];\n',
    ],
    [
      'renderer using shared',
      'src/renderer/x.ts',
      "import { contract } from '../shared/contract';\nexport const a = contract;\n",
    ],
  ])('allows %s', async (_name, file, code) => {
    expect(await errorsFor(file, code)).toEqual([]);
  });
});

// Every layer's rule is an allow-list: for each, one import off the list is reported and one on it is not.
describe('allow-lists', () => {
  it.each([
    ['shared: a package other than zod', 'src/shared/x.ts', importing('react')],
    ['shared: date-fns', 'src/shared/x.ts', importing('date-fns')],
    ['shared: date-fns in a calendar file', 'src/shared/calendar.ts', importing('@date-fns/tz')],
    ['shared: the test runner outside a test', 'src/shared/x.ts', importing('vitest')],
    ['core: electron-updater', 'src/main/core/x.ts', importing('electron-updater')],
    ['core: electron-store', 'src/main/core/x.ts', importing('electron-store')],
    ['core: electron/main', 'src/main/core/x.ts', importing('electron/main')],
    ['core: an unlisted package', 'src/main/core/x.ts', importing('ws')],
    ['core: the browser host', 'src/main/core/x.ts', importing('../web/server')],
    ['core: the sandbox outside a test', 'src/main/core/x.ts', importing('../../sandbox')],
    ['core: require() of a listed package', 'src/main/core/x.ts', "export const a = require('sharp');\n"],
    ['core: import() of a listed package', 'src/main/core/x.ts', "export const a = () => import('better-sqlite3');\n"],
    ['core: require() of electron', 'src/main/core/x.ts', "export const a = require('electron');\n"],
    [
      'core: a computed require()',
      'src/main/core/x.ts',
      "const name = 'electron-updater';\nexport const a = require(name);\n",
    ],
    ['core: a computed import()', 'src/main/core/x.ts', 'export const a = (name: string) => import(name);\n'],
    ['core: re-exporting a package', 'src/main/core/x.ts', "export { app } from 'electron';\n"],
    ['web: electron', 'src/main/web/x.ts', importing('electron')],
    ['web: the shell', 'src/main/web/x.ts', importing('../shell/window')],
    ['media: electron', 'src/main/media/x.ts', importing('electron')],
    ['media: the shell', 'src/main/media/x.ts', importing('../shell/media-protocol')],
    ['media: the browser host', 'src/main/media/x.ts', importing('../web/server')],
    ['renderer: an unlisted package', 'src/renderer/x.tsx', importing('lodash')],
    ['renderer: a test library outside a test', 'src/renderer/x.tsx', importing('@testing-library/react')],
    ['renderer: the preload', 'src/renderer/x.tsx', importing('../preload/index')],
    ['renderer: sandbox code', 'src/renderer/x.tsx', importing('../sandbox/server')],
    ['shell: the renderer', 'src/main/shell/x.ts', importing('../../renderer/main')],
    ['shell: the browser host', 'src/main/shell/x.ts', importing('../web/server')],
    ['preload: node', 'src/preload/x.ts', importing('node:fs')],
    ['preload: main', 'src/preload/x.ts', importing('../main/core/app')],
    ['sandbox: an app package', 'src/sandbox/x.ts', importing('electron')],
    ['composition root: the renderer', 'src/main/x.ts', importing('../renderer/main')],
    ['composition root: electron-store', 'src/main/x.ts', importing('electron-store')],
    ['shell: electron-updater', 'src/main/shell/x.ts', importing('electron-updater')],
    ['renderer: papaparse', 'src/renderer/x.tsx', importing('papaparse')],
    ['core tests: happy-dom', 'src/main/core/x.test.ts', importing('happy-dom')],
    ['renderer tests: jsdom', 'src/renderer/x.test.tsx', importing('jsdom')],
    [
      'core: createRequire(…)(pkg)',
      'src/main/core/x.ts',
      "import { createRequire } from 'node:module';\nexport const a = createRequire(__filename)('electron');\n",
    ],
    [
      'core: a require made by createRequire',
      'src/main/core/x.ts',
      "import { createRequire } from 'node:module';\nconst req = createRequire(__filename);\n" +
        "export const a = req('sharp');\n",
    ],
    ['core: module.require(pkg)', 'src/main/core/x.ts', "export const a = module.require('electron-updater');\n"],
    ['web: a computed import()', 'src/main/web/x.ts', 'export const a = (name: string) => import(name);\n'],
    ['media: a computed import()', 'src/main/media/x.ts', 'export const a = (name: string) => import(name);\n'],
    ['media: a computed require()', 'src/main/media/x.ts', 'export const a = (name: string) => require(name);\n'],
    ['core (.tsx): electron', 'src/main/core/x.tsx', importing('electron')],
    ['core (.mts): electron', 'src/main/core/x.mts', importing('electron')],
    ['core (.cts): electron', 'src/main/core/x.cts', importing('electron')],
    ['shared (.tsx): react', 'src/shared/x.tsx', importing('react')],
    ['web (.mts): electron', 'src/main/web/x.mts', importing('electron')],
    ['renderer (.mts): node', 'src/renderer/x.mts', importing('node:fs')],
    ['composition root (.cts): the renderer', 'src/main/x.cts', importing('../renderer/main')],
    ['sandbox (.tsx): electron', 'src/sandbox/x.tsx', importing('electron')],
  ])('rejects %s', async (_name, file, code) => {
    const errors = await errorsFor(file, code);
    expect(errors.filter((e) => e.startsWith('layers/allowed-imports')).length).toBeGreaterThan(0);
  });

  it.each([
    ['shared: zod', 'src/shared/x.ts', importing('zod')],
    ['shared: itself', 'src/shared/x.ts', importing('./contract')],
    ['shared tests: vitest', 'src/shared/x.test.ts', importing('vitest')],
    ['core: a listed package', 'src/main/core/x.ts', importing('better-sqlite3')],
    ['core: a listed scoped package', 'src/main/core/x.ts', importing('@apidevtools/swagger-parser')],
    ['core: require() of a built-in', 'src/main/core/x.ts', "export const a = require('node:worker_threads');\n"],
    ['core: import() of its own module', 'src/main/core/x.ts', "export const a = () => import('./errors');\n"],
    [
      'core tests: the test support and the sandbox',
      'src/main/core/ai/x.test.ts',
      `${importing('../../../../test/support/core-with-sandbox')}export { startSandbox } from '../../../sandbox';\n`,
    ],
    [
      'web: ws, the core and media',
      'src/main/web/x.ts',
      `${importing('ws')}export { createCore } from '../core/app';\nexport { parseRange } ` +
        `from '../media/byte-range';\n`,
    ],
    [
      'media: node and the core',
      'src/main/media/x.ts',
      `${importing('node:fs')}export { fail } from '../core/errors';\n`,
    ],
    [
      'shell: electron and electron-store',
      'src/main/shell/x.ts',
      `${importing('electron-store')}export { app } from 'electron';\n`,
    ],
    [
      'composition root: electron-updater and the shell',
      'src/main/x.ts',
      `${importing('electron-updater')}export { createWindow } from './shell/window';\n`,
    ],
    [
      'preload: electron and shared',
      'src/preload/x.ts',
      `import { contextBridge } from 'electron';\nexport const b = contextBridge;\nexport { contract } ` +
        `from '../shared/contract';\n`,
    ],
    [
      'sandbox: its packages',
      'src/sandbox/x.ts',
      `${importing('better-sqlite3')}export { default as sharp } from 'sharp';\n`,
    ],
    ...[
      'react',
      'react-dom/client',
      '@tanstack/react-query',
      '@tanstack/react-virtual',
      'radix-ui',
      'downshift',
      'react-hook-form',
      '@hookform/resolvers/zod',
      '@dnd-kit/core',
      '@dnd-kit/sortable',
      'date-fns',
      '@date-fns/tz',
      'zod',
    ].map((pkg) => [`renderer: ${pkg}`, 'src/renderer/x.tsx', importing(pkg)]),
    ['renderer: shared', 'src/renderer/x.tsx', importing('../shared/contract')],
    [
      'renderer tests: vitest and Testing Library',
      'src/renderer/library/x.test.tsx',
      `${importing('@testing-library/react')}export { vi } from 'vitest';\n`,
    ],
  ])('allows %s', async (_name, file, code) => {
    expect((await errorsFor(file, code)).filter(isLayering)).toEqual([]);
  });
});

// The allow-lists stay true: every package a layer lists is imported by some file of that layer (a test layer:
// every test tool it adds), unless eslint.config.mjs names the entry as pending, with its reason.
interface EslintConfigModule {
  testFiles(globs: string[]): string[];
  testPackages(layer: { layer: string }): string[];
  pendingImports: Record<string, Record<string, string>>;
}
const aFunction = z.custom<(arg: unknown) => unknown>((v) => typeof v === 'function', 'a function');
const configModule = z.object({
  testFiles: aFunction,
  testPackages: aFunction,
  pendingImports: z.record(z.string(), z.record(z.string(), z.string().min(10))),
});
const layerOptions = z.object({ layer: z.string(), packages: z.array(z.string()).default([]) });

async function loadConfig(): Promise<EslintConfigModule> {
  const loaded = configModule.parse(await import(pathToFileURL(path.join(root, 'eslint.config.mjs')).href));
  return {
    testFiles: (globs) => z.array(z.string()).parse(loaded.testFiles(globs)),
    testPackages: (layer) => z.array(z.string()).parse(loaded.testPackages(layer)),
    pendingImports: loaded.pendingImports,
  };
}

const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const matches = (entry: string, pkg: string) =>
  entry.endsWith('/*') ? pkg.startsWith(entry.slice(0, -1)) : entry === pkg;

/** The packages a source text loads: static and dynamic imports, re-exports, require() calls. */
function packagesOf(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((spec) => !spec.startsWith('.') && !spec.startsWith('node:') && !builtinModules.includes(packageOf(spec)))
    .map(packageOf);
}

/** Listed packages no file imports, less the pending ones: `{ layer: [package] }`. */
function unusedEntries(
  listed: Map<string, string[]>,
  imported: Map<string, Set<string>>,
  pending: Record<string, Record<string, string>>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [layer, packages] of listed) {
    const used = [...(imported.get(layer) ?? [])];
    const unused = packages.filter((p) => !used.some((u) => matches(p, u)) && !(p in (pending[layer] ?? {})));
    if (unused.length > 0) out[layer] = unused;
  }
  return out;
}

function scriptFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return scriptFiles(full);
    return /\.[cm]?tsx?$/.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name) ? [full] : [];
  });
}

describe('allow-lists name only what their layer imports', () => {
  it('lists no package that no file of its layer imports (pending entries aside, each with a reason)', async () => {
    const config = await loadConfig();
    const listed = new Map<string, string[]>();
    const imported = new Map<string, Set<string>>();
    for (const file of scriptFiles(path.join(root, 'src'))) {
      const computed: unknown = await eslint.calculateConfigForFile(file);
      const rules = z.object({ rules: z.record(z.string(), z.unknown()).optional() }).parse(computed).rules ?? {};
      const rule = z.tuple([z.unknown(), layerOptions]).safeParse(rules['layers/allowed-imports']);
      if (!rule.success) continue;
      const { layer, packages } = rule.data[1];
      const isTestLayer = layer.endsWith(' tests');
      const base = layer.replace(/ tests$/, '');
      // A test layer is checked on the tools it adds; its layer's own packages are checked on the layer.
      listed.set(layer, isTestLayer ? config.testPackages({ layer: base }) : packages);
      if (!imported.has(layer)) imported.set(layer, new Set());
      for (const pkg of packagesOf(fs.readFileSync(file, 'utf8'))) imported.get(layer)!.add(pkg);
    }
    expect(listed.size).toBeGreaterThan(8);
    expect(unusedEntries(listed, imported, config.pendingImports)).toEqual({});
  });

  it('bites: an unused entry is reported unless it is pending', () => {
    const listed = new Map([['src/x', ['zod', 'papaparse', '@dnd-kit/*', 'date-fns']]]);
    const imported = new Map([['src/x', new Set(['zod', '@dnd-kit/core'])]]);
    expect(unusedEntries(listed, imported, {})).toEqual({ 'src/x': ['papaparse', 'date-fns'] });
    expect(unusedEntries(listed, imported, { 'src/x': { 'date-fns': 'moving here soon' } })).toEqual({
      'src/x': ['papaparse'],
    });
    expect(packagesOf("import a from 'b/c';\nconst d = require('@e/f/g');\nimport('node:fs');\nimport './h';")).toEqual(
      ['b', '@e/f'],
    );
  });

  it('rewrites a layer glob into its tests, and refuses one it cannot rewrite', async () => {
    const { testFiles } = await loadConfig();
    expect(testFiles(['src/main/core/**/*.{ts,tsx,mts,cts}'])).toEqual([
      'src/main/core/**/{*.test.{ts,tsx,mts,cts},test-*.{ts,tsx,mts,cts},test-kit.{ts,tsx,mts,cts}}',
    ]);
    expect(testFiles(['src/shared/calendar.ts'])).toEqual(['src/shared/calendar.test.{ts,tsx,mts,cts}']);
    expect(() => testFiles(['src/main/core/**'])).toThrow(
      /cannot find the tests of the layer glob "src\/main\/core\/\*\*"/,
    );
    expect(() => testFiles(['src/main/core/**/*.js'])).toThrow(/cannot find the tests/);
  });
});
