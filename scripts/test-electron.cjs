#!/usr/bin/env node
// `npm run test:electron`: build the app and run the Electron e2e suite, if the runtime exists.
const { spawnSync } = require('node:child_process');
const electronBinary = require('./electron-binary.cjs');

const bin = electronBinary();
if (!bin) {
  console.log(
    'Electron e2e suite NOT RUN: the Electron runtime is not installed here (its download host is unreachable).',
  );
  console.log(
    'Run it where Electron installs (npm ci without ELECTRON_SKIP_BINARY_DOWNLOAD), e.g. in the release workflow.',
  );
  process.exit(2);
}
const run = (cmd, args) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ATELIER_ELECTRON_BIN: bin } }).status ?? 1;
const built = run('npx', ['electron-vite', 'build']);
if (built !== 0) process.exit(built);
process.exit(run('npx', ['vitest', 'run', '--config', 'vitest.electron.config.ts']));
