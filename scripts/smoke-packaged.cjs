#!/usr/bin/env node
// Smoke test of the PACKAGED app, after electron-builder (fuses flipped, signed when secrets were
// given). Needs the real Electron runtime and a display, so it runs in the release workflow
// (Linux under xvfb), not in `npm test`. Usage: node scripts/smoke-packaged.cjs [release-dir]
//
//   1. reads the fuse wire out of the packaged binary and compares it with electronFuses in
//      electron-builder.config.cjs;
//   2. starts the app with a throwaway data folder and Chromium's remote debugging port (a
//      Chromium switch, not Node's --inspect, which the fuses turn off);
//   3. over the DevTools protocol, waits for the renderer to show "Local data ready" — which needs
//      the preload bridge, IPC to the core, better-sqlite3 and the migrations inside app.asar —
//      and checks the page has no Node (require/process) and carries the CSP meta;
//   4. saves a screenshot beside the installers and stops the app.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const net = require('node:net');
const { spawn, spawnSync } = require('node:child_process');
const WebSocket = require('ws');

const root = path.resolve(__dirname, '..');
const release = path.resolve(process.argv[2] ?? path.join(root, 'release'));
const TIMEOUT_MS = 90_000;

function packagedApp() {
  if (process.platform === 'darwin') {
    const dir = ['mac-arm64', 'mac', 'mac-universal']
      .map((d) => path.join(release, d, 'Atelier.app'))
      .find((p) => fs.existsSync(p));
    if (!dir) return null;
    return { fuseTarget: dir, exe: path.join(dir, 'Contents', 'MacOS', 'Atelier') };
  }
  const exe =
    process.platform === 'win32'
      ? path.join(release, 'win-unpacked', 'Atelier.exe')
      : path.join(release, 'linux-unpacked', 'atelier');
  return fs.existsSync(exe) ? { fuseTarget: exe, exe } : null;
}

async function checkFuses(target) {
  const { getCurrentFuseWire, FuseV1Options } = await import('@electron/fuses');
  const wire = await getCurrentFuseWire(target);
  const expected = require('../electron-builder.config.cjs').electronFuses;
  const problems = [];
  for (const [key, value] of Object.entries(expected)) {
    if (typeof value !== 'boolean' || key === 'resetAdHocDarwinSignature') continue;
    const index = FuseV1Options[key[0].toUpperCase() + key.slice(1)];
    const actual = wire[index];
    const want = value ? 49 : 48; // '1' / '0' in the wire
    if (actual !== want)
      problems.push(
        `${key}: wire has ${actual === undefined ? 'nothing' : String.fromCharCode(actual)}, config says ${value}`,
      );
  }
  return problems;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A free loopback port for Chromium's remote debugging endpoint. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Minimal DevTools protocol client over ws. */
function cdp(url) {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  let id = 0;
  const pending = new Map();
  const exceptions = [];
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw));
    if (msg.id && pending.has(msg.id)) {
      const { resolve, reject } = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) reject(new Error(msg.error.message));
      else resolve(msg.result);
    } else if (msg.method === 'Runtime.exceptionThrown')
      exceptions.push(msg.params.exceptionDetails?.exception?.description ?? msg.params.exceptionDetails?.text);
  });
  const opened = new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const send = async (method, params = {}) => {
    await opened;
    id += 1;
    ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  };
  const evaluate = async (expression) =>
    (await send('Runtime.evaluate', { expression, returnByValue: true })).result.value;
  return { send, evaluate, exceptions, close: () => ws.close() };
}

function stop(child) {
  if (child.exitCode !== null) return;
  if (process.platform === 'win32') spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F']);
  else {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}

async function main() {
  const app = packagedApp();
  if (!app) throw new Error(`no packaged app for ${process.platform} under ${release} (run electron-builder first)`);

  const fuseProblems = await checkFuses(app.fuseTarget);
  if (fuseProblems.length)
    throw new Error(`fuses in ${app.fuseTarget} differ from the config:\n  - ${fuseProblems.join('\n  - ')}`);
  console.log(`fuses: as configured (${app.fuseTarget})`);

  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-smoke-'));
  const port = await freePort();
  const http = `http://127.0.0.1:${port}`;
  const child = spawn(app.exe, [`--remote-debugging-port=${port}`], {
    env: { ...process.env, ATELIER_USER_DATA: userData, ELECTRON_ENABLE_LOGGING: '1' },
    detached: process.platform !== 'win32',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const onData = (d) => {
    log += d;
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);

  const deadline = Date.now() + TIMEOUT_MS;
  try {
    let page = null;
    while (!page) {
      if (child.exitCode !== null)
        throw new Error(`the app exited with ${child.exitCode} before its window opened:\n${log.slice(-4000)}`);
      if (Date.now() > deadline)
        throw new Error(`the app opened no window within ${TIMEOUT_MS / 1000}s:\n${log.slice(-4000)}`);
      const targets = await fetch(`${http}/json/list`).then(
        (r) => r.json(),
        () => [],
      );
      page = targets.find(
        (t) => t.type === 'page' && /app\.asar[\\/]out[\\/]renderer[\\/]index\.html/.test(decodeURIComponent(t.url)),
      );
      if (!page) await sleep(300);
    }
    console.log(`window: ${page.url}`);
    const client = cdp(page.webSocketDebuggerUrl);
    await client.send('Runtime.enable');
    let state = '';
    while (!state.includes('Local data ready')) {
      if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${log.slice(-4000)}`);
      if (Date.now() > deadline)
        throw new Error(
          `the renderer never reported "Local data ready" (last: ${JSON.stringify(state)})\n${log.slice(-4000)}`,
        );
      state =
        (await client
          .evaluate("document.querySelector('[data-testid=local-state]')?.textContent ?? ''")
          .catch(() => '')) || '';
      if (!state.includes('Local data ready')) await sleep(500);
    }
    console.log('renderer: "Local data ready" (preload, IPC, better-sqlite3 and migrations work in the package)');
    const facts = await client.evaluate(
      '({ require: typeof require, process: typeof process, csp: ' +
        'document.querySelector(\'meta[http-equiv="Content-Security-Policy"]\')?.content ?? null })',
    );
    if (facts.require !== 'undefined' || facts.process !== 'undefined')
      throw new Error(`the renderer can reach Node: ${JSON.stringify(facts)}`);
    if (!facts.csp || !facts.csp.includes("script-src 'self'"))
      throw new Error(`the document has no strict CSP meta: ${facts.csp}`);
    if (!fs.existsSync(path.join(userData, 'atelier.db'))) throw new Error(`no atelier.db in ${userData}`);
    const shot = await client.send('Page.captureScreenshot', { format: 'png' });
    const shotFile = path.join(release, `smoke-${process.platform}-${process.arch}.png`);
    fs.writeFileSync(shotFile, Buffer.from(shot.data, 'base64'));
    if (client.exceptions.length) console.log(`page exceptions (not fatal):\n  ${client.exceptions.join('\n  ')}`);
    client.close();
    console.log(`smoke test PASSED (screenshot: ${path.relative(root, shotFile)})`);
  } finally {
    stop(child);
    await sleep(1000);
    fs.rmSync(userData, { recursive: true, force: true, maxRetries: 5 });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`smoke test FAILED: ${e && e.message ? e.message : e}`);
    process.exit(1);
  },
);
