import { describe, expect, it } from 'vitest';
import { backupsToKeep, type Dated } from './retention';

const DAY = 86_400_000;
// A Wednesday at noon, UTC.
const start = Date.parse('2026-03-04T12:00:00Z');
const daily = (days: number, from = start): Dated[] =>
  Array.from({ length: days }, (_, i) => ({
    id: `d${i}`,
    createdAt: new Date(from - i * DAY).toISOString(),
    ok: true,
  }));

describe('backupsToKeep', () => {
  it('keeps exactly the last 7 days and the 4 weeks before them out of 60 daily backups', () => {
    const kept = backupsToKeep(daily(60), { daily: 7, weekly: 4 });
    expect(kept.size).toBe(11);
    // The seven newest days…
    for (let i = 0; i < 7; i++) expect(kept.has(`d${i}`)).toBe(true);
    // …then the newest backup of each of the four weeks before: d7 (Wed 25 Feb, the rest of its
    // Monday-to-Sunday week), then the Sundays that end the three weeks before it.
    const weekly = [...kept].filter((id) => Number(id.slice(1)) >= 7);
    expect(weekly).toEqual(['d7', 'd10', 'd17', 'd24']);
  });

  it('keeps the newest of several backups in a day and follows the configured numbers', () => {
    const many: Dated[] = [
      { id: 'today-late', createdAt: '2026-03-04T20:00:00Z', ok: true },
      { id: 'today-early', createdAt: '2026-03-04T08:00:00Z', ok: true },
      { id: 'yesterday', createdAt: '2026-03-03T08:00:00Z', ok: true },
      { id: 'last-week', createdAt: '2026-02-25T08:00:00Z', ok: true },
    ];
    expect([...backupsToKeep(many, { daily: 1, weekly: 0 })]).toEqual(['today-late']);
    expect([...backupsToKeep(many, { daily: 2, weekly: 1 })].sort()).toEqual(['last-week', 'today-late', 'yesterday']);
  });

  it('never drops the newest good backup, and keeps only the failures newer than it', () => {
    const entries: Dated[] = [
      { id: 'failed-new', createdAt: '2026-03-04T10:00:00Z', ok: false },
      { id: 'good', createdAt: '2026-03-03T10:00:00Z', ok: true },
      { id: 'failed-old', createdAt: '2026-03-02T10:00:00Z', ok: false },
    ];
    expect([...backupsToKeep(entries, { daily: 1, weekly: 0 })].sort()).toEqual(['failed-new', 'good']);
  });
});
