// The profile parser fuzzed: parseProfile on any value, Connection.importProfile on any text.
// Each ends in a profile or a validation error that names the field; nothing throws anything else.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/main/core/db/open';
import { AppException } from '../../src/main/core/errors';
import { MetaStore } from '../../src/main/core/meta-store';
import { defaultMigrationsDir } from '../../src/main/core/node-deps';
import { Connection } from '../../src/main/core/platform/connection';
import type { Logger, SecretStore } from '../../src/main/core/ports';
import { parseProfile, PlatformProfile } from '../../src/shared/profile';
import { documentText, mutated, toJson } from './documents';
import { fuzz, fuzzRuns, fuzzSeed } from './fuzz-run';
import { hostileString, hostileValue } from './hostile';
import { Tally } from './tally';
import { arbitraryFor } from './zod-arbitrary';

const quiet: Logger = {
  log: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

function memorySecrets(): SecretStore {
  const values = new Map<string, string>();
  return {
    get: async (k) => values.get(k),
    set: async (k, v) => void values.set(k, v),
    delete: async (k) => void values.delete(k),
    clear: async () => values.clear(),
    status: () => ({ protection: 'memory', persistent: false, backend: 'test' }),
  };
}

/** The dialect profiles the sandbox ships, renamed so they may be imported (built-in ids are reserved). */
function dialectProfiles(): unknown[] {
  const dir = path.join(__dirname, '..', '..', 'src', 'sandbox', 'dialects', 'profiles');
  return fs
    .readdirSync(dir)
    .map((name, i) => ({ ...(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as object), id: `fuzz-${i}` }));
}

const isPlainObject = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** parseProfile's answer for one input: "ok" or "validation", or an error saying what is wrong. */
function checkParsed(raw: unknown): string {
  const parsed = parseProfile(raw);
  if (parsed.success) {
    // What the parser accepts it accepts again: stored profiles are read back with it.
    if (!parseProfile(JSON.parse(JSON.stringify(parsed.data))).success)
      throw new Error('a parsed profile does not parse again after a JSON round trip');
    // What it accepts, requests can carry: its credential headers build.
    for (const { header, prefix } of [parsed.data.auth.scheme, parsed.data.auth.apiKeyScheme])
      new Headers({ [header]: `${prefix}token` });
    return 'ok';
  }
  const issues = parsed.error.issues;
  if (issues.length === 0) throw new Error('refused without an issue');
  // An unknown key at the top is named in the message ('Unrecognized key: "x"'), not the path.
  const named = issues.some((i) => i.path.length > 0 || i.code === 'unrecognized_keys');
  if (isPlainObject(raw) && !named) throw new Error(`an object refused without naming a field: ${issues[0]?.message}`);
  return 'validation';
}

/** importProfile's answer for one text: imported, or refused as a validation error naming the field. */
function checkImported(connection: Connection, json: string): string {
  try {
    connection.importProfile(json);
    return 'ok';
  } catch (e) {
    if (!(e instanceof AppException)) throw e;
    if (e.error.code !== 'validation')
      throw new Error(`refused with ${e.error.code}: ${e.error.message}`, { cause: e });
    const issues = e.error.issues ?? [];
    const named = issues.some((i) => i.path !== '(root)' || /Unrecognized key/.test(i.message));
    if (/^\{/.test(json.trim()) && !/not valid JSON/.test(e.error.message) && !named)
      throw new Error(`refused without naming a field: ${e.error.message}`, { cause: e });
    return 'validation';
  }
}

describe('profile parser fuzz', () => {
  const tally = new Tally();
  let db: Db;
  let connection: Connection;
  let dir: string;
  let docs: unknown[];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-fuzz-profiles-'));
    db = openDatabase(path.join(dir, 'atelier.db'), defaultMigrationsDir, quiet).db;
    connection = new Connection(new MetaStore(db), memorySecrets(), quiet, undefined);
    docs = dialectProfiles();
    console.log(`profile parser fuzz: ${fuzzRuns()} inputs per target, seed ${fuzzSeed()}`);
  });

  afterAll(() => {
    console.log(tally.report('profile parser fuzz'));
    db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('parseProfile: any value is a profile or issues naming the field', async () => {
    const arbitrary = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...docs).chain((doc) => mutated(doc)) },
      { weight: 2, arbitrary: arbitraryFor(PlatformProfile, { hostility: 0 }) },
      { weight: 2, arbitrary: arbitraryFor(PlatformProfile, { hostility: 1 }) },
      { weight: 1, arbitrary: fc.constantFrom(...docs) },
      { weight: 1, arbitrary: hostileValue },
    );
    await fuzz(
      {
        name: 'parseProfile',
        arbitrary,
        attempt: async (raw) => checkParsed(raw),
      },
      tally,
    );
    expect(tally.tried('parseProfile')).toBeGreaterThanOrEqual(fuzzRuns());
  }, 300_000);

  it('Connection.importProfile: any text is imported or refused in words naming the field', async () => {
    const arbitrary = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...docs).chain((doc) => documentText(doc)) },
      { weight: 1, arbitrary: arbitraryFor(PlatformProfile, { hostility: 1 }).map(toJson) },
      { weight: 1, arbitrary: fc.oneof(hostileString, fc.string(), fc.jsonValue().map(toJson)) },
    );
    await fuzz(
      {
        name: 'Connection.importProfile',
        arbitrary,
        attempt: async (json) => checkImported(connection, json),
      },
      tally,
    );
    expect(tally.tried('Connection.importProfile')).toBeGreaterThanOrEqual(fuzzRuns());
  }, 300_000);
});
