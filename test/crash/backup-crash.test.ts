/**
 * Crash safety of backups: a core process backing up a database of 50,000 records is killed
 * (SIGKILL) at random moments of the backup. After every kill the backups taken before are
 * intact and listed, every listed backup is whole and passes integrity_check, and nothing
 * half-written is listed; the next backup clears what the killed one left.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupStore } from '../../src/main/core/backup/backup-store';
import { checkNow } from '../../src/main/core/db/check';
import { createCore } from '../../src/main/core/app';
import { nodeDeps } from '../../src/main/core/node-deps';
import type { BackupView } from '../../src/shared/backups';
import { prng } from '../support/prng';
import { seedRecords, sha256Of } from '../support/seed-db';

const root = path.resolve(__dirname, '../..');
const childScript = path.join(__dirname, 'backup-child.ts');
const KILLS = 6;
const DAY = 86_400_000;
let dataDir: string;
let before: BackupView[];
let hashes: Map<string, string | null>;

function runChild(
  killAfterMs: number | null,
): Promise<{ lines: string[]; signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, '--data', dataDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let stderr = '';
  const limit = setTimeout(() => child.kill('SIGKILL'), 60_000);
  child.stdout.on('data', (chunk: Buffer) => {
    const was = out;
    out += chunk.toString();
    if (killAfterMs !== null && !was.includes('backing up') && out.includes('backing up'))
      setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(limit);
      resolve({ lines: out.split('\n').filter(Boolean), signal, stderr });
    });
  });
}

const store = () =>
  new BackupStore({
    dir: path.join(dataDir, 'backups'),
    now: Date.now,
    appVersion: 'test',
    retention: () => ({ daily: 60, weekly: 0 }),
    logger: nodeDeps({ dataDir, host: 'test', quiet: true }).logger,
  });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-backup-crash-'));
  let now = Date.now() - 3 * DAY;
  const deps = nodeDeps({ dataDir, host: 'test', quiet: true, clock: { now: () => now } });
  deps.backups = { autoStart: false };
  deps.settings.set({ ...deps.settings.get(), backupsKeepDaily: 60 });
  const core = createCore(deps);
  seedRecords(core.db, 50_000, { now });
  await core.backups.take('manual');
  now += DAY;
  await core.backups.take('daily');
  await core.close();
  before = store().list();
  hashes = new Map(before.map((b) => [b.id, sha256Of(store().fileOf(b.id))]));
}, 120_000);

afterAll(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a backup', () => {
  it('leaves the earlier backups intact and lists nothing half-written', async () => {
    expect(before).toHaveLength(2);
    const rand = prng(16);
    let midway = 0;
    for (let k = 0; k < KILLS; k++) {
      const run = await runChild(Math.floor(rand() * 400));
      expect(run.stderr).toBe('');
      const finished = run.lines.some((l) => l.startsWith('done'));
      if (run.signal === 'SIGKILL' && !finished) midway++;
      const listed = store().list();
      for (const b of before) {
        expect(listed.find((l) => l.id === b.id)).toEqual(b);
        expect(sha256Of(store().fileOf(b.id))).toBe(hashes.get(b.id));
      }
      // Whatever else is listed is whole: the size it records, and a clean integrity check.
      for (const b of listed.filter((l) => !hashes.has(l.id))) {
        expect(b.ok).toBe(true);
        expect(fs.statSync(store().fileOf(b.id)).size).toBe(b.sizeBytes);
        expect(checkNow(store().fileOf(b.id), 'integrity_check').ok).toBe(true);
      }
    }
    console.log(`backup crash: ${midway} of ${KILLS} kills landed during a backup`);
    expect(midway).toBeGreaterThanOrEqual(3);
    // The next backup clears what the killed ones left behind.
    const last = await runChild(null);
    expect(last.lines.some((l) => l.startsWith('done'))).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, 'backups')).filter((n) => n.startsWith('.'))).toEqual([]);
  }, 240_000);
});
