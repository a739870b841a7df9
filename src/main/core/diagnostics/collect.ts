import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { redact, SecretRegistry } from '../redact';
import { scrubPatterns } from './scrub';

/** What goes into a diagnostics export; every part is read when the export is made. */
export interface DiagnosticsSources {
  logsDir: string;
  now: () => number;
  /** Versions, platform, schema version, profile id (app.info's facts without paths or addresses). */
  facts: () => unknown;
  settings: () => unknown;
  syncStatus: () => unknown;
  /** Counts of the outbox and the job queues. */
  queues: () => unknown;
  /** The registry the logger redacts with (every secret the app knows is registered there). */
  registry?: SecretRegistry;
  /** Current secret values from the secret store, removed even if the registry missed them. */
  knownSecrets: () => Promise<string[]>;
}

export interface LogLimits {
  /** Most bytes taken from one log file (its newest part). */
  perFile: number;
  /** Most bytes of logs in all. */
  total: number;
}

export const defaultLogLimits: LogLimits = { perFile: 2 * 1024 * 1024, total: 8 * 1024 * 1024 };

/** The newest `max` bytes of a file, starting at a whole line. */
function tail(file: string, size: number, max: number): string {
  const length = Math.min(size, max);
  const buf = Buffer.alloc(length);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, buf, 0, length, size - length);
  } finally {
    fs.closeSync(fd);
  }
  const text = buf.toString('utf8');
  if (length === size) return text;
  const firstBreak = text.indexOf('\n');
  return `[earlier lines left out]\n${firstBreak >= 0 ? text.slice(firstBreak + 1) : ''}`;
}

/** Log files, newest first, each and all together capped in size. */
function recentLogs(logsDir: string, limits: LogLimits): { name: string; text: string }[] {
  let names: string[];
  try {
    names = fs.readdirSync(logsDir);
  } catch {
    return [];
  }
  const files = names
    .map((name) => ({ name, full: path.join(logsDir, name) }))
    .map((f) => ({ ...f, stat: fs.lstatSync(f.full) }))
    .filter((f) => f.stat.isFile())
    .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs);
  const out: { name: string; text: string }[] = [];
  let budget = limits.total;
  for (const f of files) {
    if (budget <= 0) break;
    const take = Math.min(limits.perFile, budget);
    out.push({ name: f.name, text: tail(f.full, f.stat.size, take) });
    budget -= Math.min(f.stat.size, take);
  }
  return out;
}

/** Every file of the export, built in memory and scrubbed; names are paths inside the zip. */
export async function collectDiagnostics(
  sources: DiagnosticsSources,
  limits: LogLimits = defaultLogLimits,
): Promise<Record<string, string>> {
  const known = new SecretRegistry();
  for (const value of await sources.knownSecrets()) known.add(value);
  const scrubText = (text: string): string =>
    scrubPatterns(known.scrub(sources.registry ? sources.registry.scrub(text) : text));
  // Structured parts: secret-named fields go by key, then the values the app knows, then the patterns.
  const json = (value: unknown): string =>
    scrubText(JSON.stringify(redact(redact(value, sources.registry), known), null, 2));
  // Log lines are JSON records: redact each like the logger does, keep any other line as text.
  const logLine = (line: string): string => {
    if (!line.startsWith('{')) return line;
    try {
      return JSON.stringify(redact(JSON.parse(line), sources.registry));
    } catch {
      return line;
    }
  };

  const files: Record<string, string> = {};
  const parts: [string, () => unknown | Promise<unknown>][] = [
    ['versions.json', sources.facts],
    ['settings.json', sources.settings],
    ['sync-status.json', sources.syncStatus],
    ['queues.json', sources.queues],
  ];
  for (const [name, read] of parts) {
    try {
      files[name] = json(await read());
    } catch (e) {
      // One unreadable part must not cost the whole export.
      files[name] = json({ error: `could not be read: ${(e as Error).message}` });
    }
  }
  for (const log of recentLogs(sources.logsDir, limits)) {
    files[`logs/${log.name}`] = scrubText(log.text.split('\n').map(logLine).join('\n'));
  }
  files['README.txt'] = [
    'Atelier diagnostics',
    `Made ${new Date(sources.now()).toISOString()}.`,
    '',
    'versions.json     app, component and database versions, platform, profile',
    'settings.json     non-secret settings',
    'sync-status.json  sync phase, pending/failed/conflict counts, last sync',
    'queues.json       outbox and job queue counts',
    'logs/             the newest application logs (size-capped)',
    '',
    'Tokens, keys, passwords and client secrets were removed before this file was written.',
  ].join('\n');
  return files;
}

/** The zip of those files. */
export function zipDiagnostics(files: Record<string, string>, now: number): Uint8Array {
  const mtime = new Date(now);
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const [name, text] of Object.entries(files)) entries[`atelier-diagnostics/${name}`] = [strToU8(text), { mtime }];
  return zipSync(entries, { level: 6 });
}
