/**
 * The outbox and sync engine under random platform faults: order kept per record, the rejected
 * change set aside, everything else synced, counts true.
 */
import { describe, expect, it } from 'vitest';
import { call, harnesses, remoteAll, signInDemo } from '../../../../test/support/core-with-sandbox';
import { outboxRows } from '../../../../test/support/sync-harness';

const harness = harnesses();

describe('under random faults', () => {
  it(
    '1,000 changes on 50 records: order kept per record, the rejected one set aside, the rest synced, counts true',
    { timeout: 120_000 },
    async () => {
      // Every update as it leaves, per platform id: the edit numbers it carries, in sending order.
      const sentOrder = new Map<string, number[]>();
      const h = await harness({
        observe: (method, url, body) => {
          const text = (body as { text?: unknown } | undefined)?.text;
          const edit = typeof text === 'string' ? /-u(\d+)$/.exec(text) : null;
          if (method !== 'PATCH' || !edit) return;
          const id = url.pathname.split('/').at(-1) as string;
          sentOrder.set(id, [...(sentOrder.get(id) ?? []), Number(edit[1])]);
        },
      });
      await signInDemo(h);
      const random = (() => {
        let a = 42;
        return () => {
          a = (a * 1103515245 + 12345) % 2147483648;
          return a / 2147483648;
        };
      })();
      const ids: string[] = [];
      for (let i = 0; i < 50; i++)
        ids.push((await call(h, 'records.create', { group: 'posts', fields: { text: `r${i}-created` } })).id);
      await h.core.sync.run();
      const victim = ids[7] as string;
      const victimRemote = (await call(h, 'records.get', { group: 'posts', id: victim })).remoteId;
      const faults = [
        { kind: 'error' as const, status: 503, count: 3 },
        { kind: 'drop' as const, count: 1 },
        { kind: 'latency' as const, latencyMs: 30, count: 5 },
        { kind: 'error' as const, status: 502, count: 2 },
      ];
      const cycles: Promise<void>[] = [];
      for (let i = 0; i < 1000; i++) {
        const n = Math.floor(random() * 50);
        await call(h, 'records.update', { group: 'posts', id: ids[n] as string, fields: { text: `r${n}-u${i}` } });
        if (i === 500)
          h.sandbox.faults.set({
            path: `/v2/posts/${String(victimRemote)}`,
            method: 'PATCH',
            kind: 'error',
            status: 422,
            count: 1,
          });
        if (i % 20 === 0) {
          const f = faults[Math.floor(random() * faults.length)] as (typeof faults)[number];
          h.sandbox.faults.set({ path: '/v2/posts/*', method: 'PATCH', ...f });
          cycles.push(h.core.sync.run());
          // Let some of it go out while editing goes on, so records see several sends each.
          await new Promise((r) => setTimeout(r, 15));
        }
      }
      await Promise.all(cycles);
      h.sandbox.faults.clear();
      const deadline = Date.now() + 60_000;
      const settled = () =>
        outboxRows(h).every(
          (r) =>
            r.state === 'failed' ||
            r.state === 'conflict' ||
            (r as unknown as { record_id: string }).record_id === victim,
        );
      while (!settled() && Date.now() < deadline) {
        h.core.db.prepare("UPDATE outbox SET next_attempt_at = 0 WHERE state = 'pending'").run();
        await h.core.sync.run();
        if (!settled()) await new Promise((r) => setTimeout(r, 250));
      }
      const rows = h.core.db.prepare('SELECT record_id, state FROM outbox ORDER BY seq').all() as {
        record_id: string;
        state: string;
      }[];
      // Only the victim's entries are left: its refused change and the ones queued behind it.
      expect(new Set(rows.map((r) => r.record_id))).toEqual(new Set([victim]));
      expect(rows[0]?.state).toBe('failed');
      expect(rows.filter((r) => r.state === 'failed')).toHaveLength(1);

      const remote = new Map((await remoteAll(h, '/v2/posts')).map((p) => [p.id, p.text]));
      expect(remote.size).toBe(50);
      for (const id of ids) {
        if (id === victim) continue;
        const local = await call(h, 'records.get', { group: 'posts', id });
        expect(remote.get(local.remoteId)).toBe(local.fields.text);
        expect(local.syncState).toBe('synced');
      }
      // Per record, what left went in the order it was made: retries repeat a value, folding skips
      // some, but nothing older ever follows something newer.
      expect(sentOrder.size).toBeGreaterThanOrEqual(45);
      for (const [id, edits] of sentOrder) {
        expect(edits, `record ${id}`).toEqual([...edits].sort((x, y) => x - y));
      }
      // Enough sends per record for the order to mean something (about 190 and 37 here).
      expect([...sentOrder.values()].reduce((n, e) => n + e.length, 0)).toBeGreaterThan(80);
      expect([...sentOrder.values()].filter((e) => new Set(e).size >= 3).length).toBeGreaterThanOrEqual(8);
      const status = await call(h, 'sync.status', {});
      const posts = status.groups.find((g) => g.group === 'posts');
      expect(posts?.failed).toBe(rows.filter((r) => r.state === 'failed').length);
      expect(posts?.pending).toBe(rows.filter((r) => r.state === 'pending').length);
      expect(status.totals).toEqual({ pending: posts?.pending, failed: 1, conflicts: 0 });
      const [failed] = await call(h, 'sync.failed', {});
      expect(failed?.recordId).toBe(victim);

      // Once the user retries, the victim catches up in order and everything agrees.
      await call(h, 'sync.retry', { seq: failed?.seq ?? 0 });
      await h.core.sync.run();
      const victimLocal = await call(h, 'records.get', { group: 'posts', id: victim });
      expect((await remoteAll(h, '/v2/posts')).find((p) => p.id === victimLocal.remoteId)?.text).toBe(
        victimLocal.fields.text,
      );
      expect(outboxRows(h)).toEqual([]);
    },
  );
});
