#!/usr/bin/env node
// `npm test`: typecheck, lint, the security gate, unit tests and the browser-mode e2e suite, then one summary line.
// Each step runs even if an earlier one failed, so one run shows everything that is wrong.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const reports = path.join(root, '.tmp', 'reports');
fs.mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const lines = [];

function run(cmd, args) {
  const started = Date.now();
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
    shell: process.platform === 'win32',
  });
  return { ok: res.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function check(name, cmd, args) {
  const r = run(cmd, args);
  if (r.ok) passed += 1;
  else failed += 1;
  lines.push(`${r.ok ? 'ok  ' : 'FAIL'} ${name} (${r.seconds}s)`);
}

function vitest(name, config, reportName) {
  const report = path.join(reports, `${reportName}.json`);
  fs.rmSync(report, { force: true });
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${report}`];
  if (config) args.push('--config', config);
  const r = run('npx', args);
  let p = 0;
  let f = 0;
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    p = json.numPassedTests;
    f = json.numFailedTests + (json.numRuntimeErrorTests ?? 0);
    if (!r.ok && f === 0) f = 1; // a crash or a failed suite outside any test
    if (p + f === 0) f = 1; // a suite that ran no test is a failure
  } catch {
    f = 1;
  }
  passed += p;
  failed += f;
  lines.push(`${r.ok ? 'ok  ' : 'FAIL'} ${name}: ${p} passed, ${f} failed (${r.seconds}s)`);
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);
// Electronegativity over the app's code: fails on any finding of MEDIUM or higher (scripts/security-gate.cjs).
check('security gate', 'node', ['scripts/security-gate.cjs']);
// Prettier agrees with every file, and no line is longer than 120 characters (scripts/check-format.cjs).
check('format', 'npm', ['run', '--silent', 'format:check']);
// No function in src/ longer than 80 lines (generated files and migrations aside).
check('function length', 'node', ['scripts/function-length.cjs']);
// The renderer is built before the unit tests: the security gate's test reads out/renderer/*.html, and a
// stale build left from an earlier run would otherwise be what it checks.
check('renderer build', 'npm', ['run', '--silent', 'build:renderer']);
vitest('unit and integration tests', null, 'unit');
vitest('crash-safety tests', 'vitest.crash.config.ts', 'crash');
vitest('browser-mode end-to-end tests', 'vitest.e2e.config.ts', 'e2e');

console.log('\nSummary');
for (const l of lines) console.log(`  ${l}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
