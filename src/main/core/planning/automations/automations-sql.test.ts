import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open';
import { defaultMigrationsDir } from '../../node-deps';
import { RecordStore } from '../../store/record-store';
import { AutomationsSql, countLiveAutomations } from './automations-sql';

describe('AutomationsSql', () => {
  it('lists an account’s live automations in the order they were made', () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    let now = 1_000;
    const store = new RecordStore(db, () => (now += 1));
    const make = (name: string, account = 'acct') => store.create('automations', account, { name }).id;
    const a = make('first');
    const b = make('second');
    make('elsewhere', 'other');
    store.remove('automations', 'acct', make('gone'));
    const rows = new AutomationsSql(db).live('acct');
    expect(rows.map((r) => r.id)).toEqual([a, b]);
    expect(JSON.parse(rows[0]?.data ?? '{}')).toEqual({ name: 'first' });
    expect(countLiveAutomations(db)).toBe(3);
  });
});
