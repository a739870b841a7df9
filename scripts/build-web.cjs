#!/usr/bin/env node
// Browser mode runs from built files: the host bundle (out/web/host/cli.js) and the renderer
// (out/renderer). Each is built here only when one of its sources is newer than it; `npm start`
// and the benchmarks call this first, so neither is ever stale and a start compiles nothing.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const bundle = path.join(root, 'out', 'web', 'host', 'cli.js');
const deps = ['package.json', 'package-lock.json'];
/** Each build: what it makes, what it is made from, and its vite config. */
const TARGETS = {
  host: { output: bundle, sources: ['src/main', 'src/shared', 'src/sandbox', ...deps], config: 'vite.web.config.mts' },
  renderer: {
    output: path.join(root, 'out', 'renderer', 'index.html'),
    sources: ['src/renderer', 'src/shared', ...deps],
    config: 'vite.renderer.config.mts',
  },
};

function newestChange(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  // Tests are not part of what runs: editing one rebuilds nothing.
  for (const name of fs.readdirSync(entry).filter((n) => !/\.test\.tsx?$/.test(n)))
    newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

/** Whether a build's output is missing or older than one of its sources (its config included). */
function isStale(target) {
  if (!fs.existsSync(target.output)) return true;
  const built = fs.statSync(target.output).mtimeMs;
  return [...target.sources, target.config].some((s) => newestChange(path.join(root, s)) > built);
}

/** Run one build when it is stale. Throws with vite's output when the build fails. */
function ensureBuilt(name, { quiet = true } = {}) {
  const target = TARGETS[name];
  if (!isStale(target)) return target.output;
  const vite = path.join(path.dirname(require.resolve('vite/package.json', { paths: [root] })), 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', target.config], {
    cwd: root,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
  });
  if (result.status !== 0) {
    throw new Error(`The ${name} could not be built:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  return target.output;
}

/** The host bundle, built first when stale; returns its path. */
const ensureWebHostBuilt = (options) => ensureBuilt('host', options);

module.exports = { ensureWebHostBuilt, ensureBuilt, isStale: () => isStale(TARGETS.host) };

if (require.main === module) {
  try {
    // `--host` builds only the host (the e2e and benchmarks build the renderer themselves).
    if (!process.argv.includes('--host')) ensureBuilt('renderer', { quiet: false });
    ensureBuilt('host', { quiet: false });
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}
