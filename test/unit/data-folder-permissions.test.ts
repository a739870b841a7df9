/**
 * The data folder is private to its user, checked on the real browser-mode host (a child process
 * started as `npm run start:web` starts it, from a parent whose umask is 022): after a fresh start
 * with an upload, an import, a backup, a restore and a rescue, and after an upgrade from a folder an
 * earlier version left 0755/0644 (then a backup and a restore again), nothing in it can be read by
 * group or others (database, WAL, SHM, media, uploads, logs, backups and their manifests, the restore
 * report, the database kept aside by a restore and by a rescue); the tightening runs once and the
 * log says so.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PRIVATE_MARKER } from '../../src/main/core/fs/private-folder';
import { contract } from '../../src/shared/contract';
import { pagesOf, scribble } from '../support/seed-db';
import { makeImage } from '../../src/main/core/media/test-media';
import { tempDirs } from '../support/temp-dirs';

const root = path.resolve(__dirname, '../..');
const tmp = tempDirs('data-folder');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Running {
  child: ChildProcess;
  port: number;
  token: string;
}

/** Starts the browser-mode host on `dataDir` from a parent with a loose umask; resolves once it listens. */
async function startHost(dataDir: string, rendererDir: string): Promise<Running> {
  const before = process.umask(0o022);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/web/cli.ts', '--data', dataDir, '--port', '0', '--renderer', rendererDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  process.umask(before);
  children.push(child);
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => reject(new Error(`the host did not start: ${err}`)), 60_000);
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const url = /http:\/\/127\.0\.0\.1:(\d+)\/#token=([\w-]+)/.exec(out);
      if (!url) return;
      clearTimeout(limit);
      resolve({ child, port: Number(url[1]), token: String(url[2]) });
    });
    child.on('exit', (code) => reject(new Error(`the host exited (${code}): ${err}`)));
  });
}

async function stopHost(host: Running): Promise<void> {
  const exited = new Promise((resolve) => host.child.once('exit', resolve));
  host.child.kill('SIGTERM');
  await exited;
}

function upload(host: Running, name: string, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: host.port,
        method: 'PUT',
        path: '/upload',
        headers: { 'x-atelier-token': host.token, 'x-file-name': name, 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          res.statusCode === 201
            ? resolve(String((JSON.parse(text) as { id: string }).id))
            : reject(new Error(`${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One call over the bridge, as the page makes it. */
function bridgeCall(
  host: Running,
  channel: string,
  input: unknown,
): Promise<{ ok: boolean; data?: unknown; error?: unknown }> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`);
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, channel, input })));
    ws.on('message', (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as { type: string; id: number; result: { ok: boolean } };
      if (message.type !== 'result' || message.id !== 1) return;
      ws.close();
      resolve(message.result);
    });
  });
}

async function expectOk(host: Running, channel: string, input: unknown): Promise<unknown> {
  const result = await bridgeCall(host, channel, input);
  expect(result, channel).toMatchObject({ ok: true });
  return result.data;
}

/** A backup now, then a restore of it (the core reopens on the restored file in place). */
async function backUpAndRestore(host: Running): Promise<void> {
  const { id } = contract['backups.create'].output.parse(await expectOk(host, 'backups.create', {}));
  await expectOk(host, 'backups.restore', { id });
  // The restore reopens the core; a call answers once it has.
  await expectOk(host, 'backups.list', {});
}

/** Damage a page of an index of the stopped app's database, start it on the recovery screen, rescue. */
async function damageAndRescue(dataDir: string, rendererDir: string): Promise<void> {
  const file = path.join(dataDir, 'atelier.db');
  const page = pagesOf(file, 'assets_name')[0] ?? 2;
  scribble(file, (page - 1) * 4096, 4096, 7);
  const host = await startHost(dataDir, rendererDir);
  expect(await bridgeCall(host, 'recovery.status', {})).toMatchObject({ ok: true, data: { state: 'damaged' } });
  await expectOk(host, 'recovery.rescue', {});
  expect(await bridgeCall(host, 'recovery.status', {})).toMatchObject({ ok: true, data: { state: 'ok' } });
  expect(openToOthers(dataDir)).toEqual([]);
  await stopHost(host);
}

/** What a backup, a restore and a rescue leave in the folder: each must exist for the check to mean anything. */
function expectRecoveryFiles(dataDir: string): void {
  const top = fs.readdirSync(dataDir);
  const backups = fs.readdirSync(path.join(dataDir, 'backups'));
  expect(
    backups.some((f) => f.endsWith('.db')),
    'a backup',
  ).toBe(true);
  expect(
    backups.some((f) => /^restore-.+\.json$/.test(f)),
    'a restore report',
  ).toBe(true);
  expect(
    top.some((f) => f.startsWith('atelier.db.before-restore-')),
    'the file a restore kept',
  ).toBe(true);
  expect(
    top.some((f) => f.startsWith('atelier.db.damaged-')),
    'the file a rescue kept',
  ).toBe(true);
}

/** Everything in the folder (itself included) that group or others may read, write or enter, with its mode. */
function openToOthers(dataDir: string): string[] {
  const entries = ['.', ...fs.readdirSync(dataDir, { recursive: true }).map(String)];
  return entries
    .map((e) => [e, fs.lstatSync(path.join(dataDir, e))] as const)
    .filter(([, stat]) => !stat.isSymbolicLink() && (stat.mode & 0o077) !== 0)
    .map(([e, stat]) => `${e} ${(stat.mode & 0o777).toString(8)}`);
}

function loosen(dataDir: string): void {
  for (const e of ['.', ...fs.readdirSync(dataDir, { recursive: true }).map(String)]) {
    const p = path.join(dataDir, e);
    fs.chmodSync(p, fs.statSync(p).isDirectory() ? 0o755 : 0o644);
  }
}

const tightenings = (dataDir: string) =>
  fs
    .readFileSync(path.join(dataDir, 'logs', 'atelier.log'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('data folder made private')).length;

describe('the data folder on the browser-mode host', () => {
  it(
    'is private after a fresh start with an upload, an import, a backup, a restore and a rescue, ' +
      'and after an upgrade from an open folder; tightened once',
    async () => {
      const dataDir = path.join(tmp(), 'Atelier');
      const rendererDir = tmp();
      fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
      const picture = fs.readFileSync(await makeImage(tmp(), 'p.png', { width: 64, height: 48 }));

      const fresh = await startHost(dataDir, rendererDir);
      const id = await upload(fresh, 'p.png', picture);
      expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([id]);
      const imported = await bridgeCall(fresh, 'library.importUploads', { uploads: [{ id, name: 'p.png' }] });
      expect(imported).toMatchObject({ ok: true, data: { imported: [{ name: 'p.png' }] } });
      // While it runs: the database with its -wal and -shm, media, thumbnails, logs.
      for (const file of ['atelier.db', 'atelier.db-wal', 'atelier.db-shm', 'media', 'logs/atelier.log'])
        expect(fs.existsSync(path.join(dataDir, file)), file).toBe(true);
      expect(openToOthers(dataDir)).toEqual([]);
      await backUpAndRestore(fresh);
      expect(openToOthers(dataDir)).toEqual([]);
      await stopHost(fresh);
      expect(openToOthers(dataDir)).toEqual([]);
      await damageAndRescue(dataDir, rendererDir);
      expectRecoveryFiles(dataDir);
      expect(openToOthers(dataDir)).toEqual([]);
      // Created private from the first byte (the host's umask and explicit modes): nothing needed tightening.
      expect(tightenings(dataDir)).toBe(0);

      // An earlier version left everything 0755/0644 and never tightened it.
      loosen(dataDir);
      fs.rmSync(path.join(dataDir, PRIVATE_MARKER));
      expect(openToOthers(dataDir).length).toBeGreaterThan(5);
      const upgraded = await startHost(dataDir, rendererDir);
      expect(openToOthers(dataDir)).toEqual([]);
      expect(tightenings(dataDir)).toBe(1);
      await backUpAndRestore(upgraded);
      expect(openToOthers(dataDir)).toEqual([]);
      await stopHost(upgraded);
      expect(openToOthers(dataDir)).toEqual([]);

      // Once: a later start does not walk the folder again (the log has no second line).
      const later = await startHost(dataDir, rendererDir);
      await stopHost(later);
      expect(tightenings(dataDir)).toBe(1);
      expect(openToOthers(dataDir)).toEqual([]);
    },
    180_000,
  );
});
