#!/usr/bin/env node
// `npm test`'s formatting step: Prettier agrees with every file it formats, and no line of the
// project's own text is longer than 120 characters (Prettier cannot break strings and comments).
const { spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const MAX = 120;
const root = path.resolve(__dirname, '..');
const checked = /\.(ts|tsx|mts|cts|js|cjs|mjs|css|html)$/;

function longLines() {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString('utf8')
    .split('\0')
    .filter((f) => checked.test(f) && fs.existsSync(path.join(root, f)));
  const found = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if ([...line].length > MAX) found.push(`${file}:${i + 1} is ${[...line].length} characters`);
    });
  }
  return found;
}

const prettier = spawnSync('npx', ['prettier', '--check', '--log-level', 'warn', '.'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
const long = longLines();
for (const line of long) console.error(line);
if (long.length > 0) console.error(`${long.length} line(s) longer than ${MAX} characters.`);
if (prettier.status !== 0) console.error('Prettier would change the files above: run `npx prettier --write .`.');
process.exit(prettier.status === 0 && long.length === 0 ? 0 : 1);
