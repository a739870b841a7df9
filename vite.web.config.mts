import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * Three folders below the root, like src/main/web: the paths the host finds from its own folder
 * (the built renderer, package.json, the icon) are the same from the bundle as from the source.
 */
const outDir = path.resolve(here, 'out/web/host');

/**
 * The entry, cli.js, turns on Node's compile cache before it loads the bundle (host.js): from the
 * second start on, V8 reads the compiled code of the app and its packages instead of parsing them.
 */
const LOADER = `'use strict';
// Written by vite.web.config.mts: the compile cache first, then the host bundle.
require('node:module').enableCompileCache?.();
require('./host.js');
`;

/**
 * The numbered .sql migrations beside the bundle, where migrations-dir.ts looks for them once
 * bundled, and the loader.
 */
function copyMigrations(): Plugin {
  return {
    name: 'atelier-web-migrations',
    apply: 'build',
    writeBundle() {
      fs.writeFileSync(path.join(outDir, 'cli.js'), LOADER);
      const from = path.resolve(here, 'src/main/core/db/migrations');
      const to = path.join(outDir, 'db', 'migrations');
      fs.mkdirSync(to, { recursive: true });
      for (const f of fs.readdirSync(from).filter((n) => n.endsWith('.sql')))
        fs.copyFileSync(path.join(from, f), path.join(to, f));
    },
  };
}

/**
 * Packages the app imports statically but needs only for some work (sharp's libvips for pictures,
 * the OpenAPI parser for a profile import, fflate's tables for a diagnostics zip): in the host
 * bundle each import gets a stand-in that loads the package on first use, a tenth of a second or
 * more off every start. sharp is only called; the others are only used through their functions.
 */
const LAZY_PACKAGES: Record<string, 'callable' | 'methods'> = {
  sharp: 'callable',
  '@apidevtools/swagger-parser': 'methods',
  fflate: 'methods',
};
const LAZY_PREFIX = '\0atelier-lazy:';

function lazySource(name: string, use: 'callable' | 'methods'): string {
  const get =
    use === 'methods'
      ? '(...args) => Reflect.apply(Reflect.get(load(), key), load(), args)'
      : 'Reflect.get(load(), key)';
  return `let real;
const load = () => (real ??= require(${JSON.stringify(name)}));
module.exports = new Proxy(function lazyPackage() {}, {
  apply: (_t, self, args) => Reflect.apply(load(), self, args),
  construct: (_t, args) => Reflect.construct(load(), args),
  // The bundle's interop asks whether this is an ES module as it imports it: both are CommonJS, and
  // answering must not load them.
  get: (_t, key) => (key === '__esModule' ? undefined : ${get}),
});
`;
}

function lazyPackages(): Plugin {
  return {
    name: 'atelier-lazy-packages',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id in LAZY_PACKAGES && !importer?.startsWith(LAZY_PREFIX)) return LAZY_PREFIX + id;
      return null;
    },
    load(id) {
      if (!id.startsWith(LAZY_PREFIX)) return null;
      const name = id.slice(LAZY_PREFIX.length);
      return lazySource(name, LAZY_PACKAGES[name]!);
    },
  };
}

/**
 * The browser-mode host as one CommonJS file: starting it runs no TypeScript compiler. Packages
 * stay in node_modules (native ones must); only the app's own code is bundled.
 */
export default defineConfig({
  plugins: [lazyPackages(), copyMigrations()],
  // Pure-JS packages whose CommonJS index loads every function (date-fns) or every locale (zod):
  // bundled, only what the app uses is kept and parsed.
  ssr: { noExternal: ['date-fns', '@date-fns/tz', 'zod'] },
  build: {
    ssr: path.resolve(here, 'src/main/web/cli.ts'),
    outDir,
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    reportCompressedSize: false,
    rollupOptions: { output: { format: 'cjs', entryFileNames: 'host.js', chunkFileNames: '[name]-[hash].js' } },
  },
});
