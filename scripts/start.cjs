#!/usr/bin/env node
// `npm start`: the desktop app when the Electron runtime is installed, otherwise browser mode.
const { spawnSync } = require('node:child_process');
const electronBinary = require('./electron-binary.cjs');

const run = (args) =>
  spawnSync('npm', ['run', ...args], { stdio: 'inherit', shell: process.platform === 'win32' }).status ?? 1;

if (electronBinary()) {
  process.exit(run(['start:electron']));
} else {
  console.log('The Electron runtime is not installed on this machine, so Atelier starts in browser mode instead.');
  process.exit(run(['start:web']));
}
