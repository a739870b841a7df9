import { describe, expect, it } from 'vitest';
import type { ConflictView, SyncStatus } from '../../shared/sync';
import { relativeTime } from './format';
import { buildMerge, editMode, initialChoices } from './merge';
import { newerStatus, syncSummary } from './summary';

const base: SyncStatus = {
  revision: 1,
  phase: 'idle',
  online: 'online',
  accountId: 'a',
  groups: [],
  totals: { pending: 0, failed: 0, conflicts: 0 },
  progress: null,
  lastSyncAt: null,
  message: null,
  nextAttemptAt: null,
};

describe('the status bar summary', () => {
  it('says each state in words', () => {
    expect(syncSummary(base).text).toBe('Synced');
    expect(syncSummary({ ...base, phase: 'syncing', progress: { done: 12, total: 40 } }).text).toBe('Syncing 12/40');
    expect(syncSummary({ ...base, phase: 'offline', totals: { pending: 5, failed: 0, conflicts: 0 } }).text).toBe(
      'Offline — 5 changes waiting',
    );
    expect(syncSummary({ ...base, totals: { pending: 0, failed: 3, conflicts: 0 } }).text).toBe('3 failed');
    expect(syncSummary({ ...base, totals: { pending: 0, failed: 0, conflicts: 1 } }).text).toBe('1 conflict');
    expect(
      syncSummary({
        ...base,
        phase: 'paused_auth',
        message: 'Your session ended. Sign in again to sync; your changes are kept.',
      }).text,
    ).toBe('Sync paused — sign in');
    expect(syncSummary({ ...base, phase: 'paused_user', totals: { pending: 1, failed: 0, conflicts: 0 } }).text).toBe(
      'Sync paused — 1 change waiting',
    );
  });
});

describe('statuses arriving out of order', () => {
  it('keeps the newer: an action answered before its own "syncing" event shows syncing', () => {
    const syncing = { ...base, revision: 7, phase: 'syncing' as const };
    const answer = { ...base, revision: 6 };
    expect(newerStatus(syncing, answer)).toBe(syncing);
    expect(newerStatus(answer, syncing)).toBe(syncing);
    expect(newerStatus(undefined, answer)).toBe(answer);
    // The same revision again (a refetch) replaces what is shown.
    const again = { ...syncing };
    expect(newerStatus(syncing, again)).toBe(again);
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('reads at a glance, past and future', () => {
    expect(relativeTime('2026-05-01T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-05-01T11:58:00Z', now)).toBe('2 min ago');
    expect(relativeTime('2026-05-01T12:00:30Z', now, 'future')).toBe('in 30 s');
    // A past event never reads as future, whatever the clocks say.
    expect(relativeTime('2026-05-01T12:00:03Z', now)).toBe('just now');
    expect(relativeTime('2026-05-01T09:00:00Z', now)).toBe('3 h ago');
    expect(relativeTime('2026-04-29T12:00:00Z', now)).toBe('2 d ago');
  });
});

describe('the merge editor', () => {
  const conflict: ConflictView = {
    group: 'posts',
    id: 'p1',
    label: 'Launch post',
    local: { fields: { text: 'Hello', asset_ids: ['a'], status: 'draft' }, deleted: false },
    remote: { fields: { text: 'Hello world', asset_ids: ['a', 'b'], status: 'draft' }, deleted: false, version: 3 },
    differing: ['text', 'asset_ids'],
  };

  it('edits text as text and anything else as JSON', () => {
    expect(editMode('a', 'b')).toBe('text');
    expect(editMode('a', undefined)).toBe('text');
    expect(editMode(['a'], ['b'])).toBe('json');
    expect(editMode(1, 'b')).toBe('json');
  });

  it('starts from this computer and takes each field as chosen', () => {
    const choices = initialChoices(conflict);
    expect(buildMerge(conflict, choices)).toEqual({ fields: conflict.local.fields, errors: {} });
    const merged = buildMerge(conflict, {
      ...choices,
      text: { ...choices.text!, pick: 'remote' },
      asset_ids: { pick: 'edited', text: '["b"]', mode: 'json' },
    });
    expect(merged).toEqual({ fields: { text: 'Hello world', asset_ids: ['b'], status: 'draft' }, errors: {} });
  });

  it('names what is wrong: bad JSON, and values the group does not accept', () => {
    const choices = initialChoices(conflict);
    expect(
      buildMerge(conflict, { ...choices, asset_ids: { pick: 'edited', text: '[b', mode: 'json' } }).errors.asset_ids,
    ).toMatch(/not valid JSON/);
    expect(
      buildMerge(conflict, { ...choices, asset_ids: { pick: 'edited', text: '42', mode: 'json' } }).errors.asset_ids,
    ).toBeTruthy();
    // An empty JSON value removes an optional field.
    expect(
      buildMerge(conflict, { ...choices, asset_ids: { pick: 'edited', text: ' ', mode: 'json' } }).fields,
    ).not.toHaveProperty('asset_ids');
  });
});
