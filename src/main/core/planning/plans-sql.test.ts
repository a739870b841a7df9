import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { defaultMigrationsDir } from '../node-deps';
import { RecordStore } from '../store/record-store';
import { countLivePlans, PlansSql } from './plans-sql';

describe('PlansSql', () => {
  it('tells which live plans list each post, oldest plan first', () => {
    const { db } = openDatabase(':memory:', defaultMigrationsDir);
    let now = 1_000;
    const store = new RecordStore(db, () => (now += 1));
    const plan = (post_ids: string[]) => store.create('contentPlans', 'acct', { title: 'Plan', post_ids }).id;
    const p1 = plan(['a', 'b']);
    const p2 = plan(['b']);
    const gone = plan(['a']);
    store.remove('contentPlans', 'acct', gone);
    const plans = new PlansSql(db);
    expect(plans.plansOfPosts('acct', ['a', 'b', 'c'])).toEqual(
      new Map([
        ['a', [p1]],
        ['b', [p1, p2]],
      ]),
    );
    expect(plans.plansOfPosts('acct', [])).toEqual(new Map());
    expect(countLivePlans(db)).toBe(2);
  });
});
