/**
 * The inbox on a real core: each kind comes from the domain that owns it, links to its item, and
 * leaves once that domain has dealt with it; read marks survive a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InboxCounts, type InboxItem } from '../../../shared/inbox';
import {
  call,
  coreWithSandbox,
  createApiKey,
  harnesses,
  signInDemo,
  type Harness,
} from '../../../../test/support/core-with-sandbox';
import { pairOf } from '../../../../test/support/sync-harness';
import { until } from '../ai/test-async-core';
import { makeImage } from '../media/test-media';

const harness = harnesses();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-inbox-core-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const items = async (h: Harness): Promise<InboxItem[]> => (await call(h, 'inbox.list', {})).items;
const ofKind = async (h: Harness, kind: InboxItem['kind']) => (await items(h)).filter((i) => i.kind === kind);

describe('the inbox on the core', () => {
  it('shows a failed job, refused change, import once each; a retried change leaves; marks survive', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const h = await harness({ dataDir, sandbox: { aiLatencyMs: 0 } });
    await signInDemo(h);
    const counts: number[] = [];
    h.core.events.subscribe((event, payload) => {
      if (event === 'inbox.changed') counts.push(InboxCounts.parse(payload).unread);
    });

    const job = (
      await call(h, 'ai.submit', { operation: 'text2image', modelId: 'no-such-model', prompt: 'a red kite' })
    ).job;
    const [failedJob] = await until('the job to fail', async () => {
      const found = await ofKind(h, 'ai_failed');
      return found.length > 0 ? found : null;
    });
    expect(failedJob).toMatchObject({
      id: `ai:${job.id}`,
      title: 'AI job failed: “a red kite”',
      read: false,
      link: { section: 'studio', id: job.id },
      action: { kind: 'retry_job', jobId: job.id },
    });
    // The screens hear of it (the sidebar's count goes up) without asking.
    await until('inbox.changed', () => Promise.resolve(counts.some((n) => n >= 1) ? true : null));

    const post = await call(h, 'records.create', { group: 'posts', fields: { text: 'refused one' } });
    h.sandbox.faults.set({ path: '/v2/posts', method: 'POST', kind: 'error', status: 422, count: 1 });
    await h.core.sync.run();
    const [refused] = await ofKind(h, 'failed_change');
    expect(refused).toMatchObject({
      title: 'Change refused: refused one',
      link: { section: 'planner', group: 'posts', id: post.id },
      action: { kind: 'retry_change' },
    });

    const file = await makeImage(tmp, 'harbour.png');
    const report = await call(h, 'library.import', { paths: [file] });
    const [imported] = await ofKind(h, 'import_finished');
    expect(imported).toMatchObject({
      title: 'Imported harbour.png',
      link: { section: 'library', id: report.imported[0]?.id },
    });

    const all = await items(h);
    expect(all.map((i) => i.kind).sort()).toEqual(['ai_failed', 'failed_change', 'import_finished']);
    expect(await call(h, 'inbox.markRead', { ids: [failedJob?.id ?? ''] })).toEqual({ total: 3, unread: 2 });

    // Retrying the refused change sends it: it leaves by itself.
    if (refused?.action?.kind !== 'retry_change') throw new Error('expected a retry action');
    await call(h, 'sync.retry', { seq: refused.action.seq });
    await h.core.sync.run();
    expect(await ofKind(h, 'failed_change')).toEqual([]);

    await h.stop();
    const again = await harness({ dataDir, reuse: h.sandbox });
    const after = await items(again);
    expect(after.find((i) => i.id === failedJob?.id)).toMatchObject({ read: true });
  });

  it('a conflict links to its record and leaves once resolved; an expiring key and a reminder appear', async () => {
    const { a, b } = await pairOf(harness);
    const post = await call(a, 'records.create', { group: 'posts', fields: { text: 'original' } });
    await a.core.sync.run();
    await b.core.sync.run();
    const [onB] = (await call(b, 'records.list', { group: 'posts' })).items;
    await call(a, 'records.update', { group: 'posts', id: post.id, fields: { text: 'from A' } });
    await call(b, 'records.update', { group: 'posts', id: onB?.id ?? '', fields: { text: 'from B' } });
    await a.core.sync.run();
    await b.core.sync.run();
    const [conflict] = await ofKind(b, 'conflict');
    expect(conflict).toMatchObject({
      title: 'Sync conflict: from B',
      link: { section: 'sync', group: 'posts', id: onB?.id },
      action: { kind: 'resolve', group: 'posts', id: onB?.id },
    });
    await call(b, 'sync.resolve', { group: 'posts', id: onB?.id ?? '', keep: 'remote' });
    expect(await ofKind(b, 'conflict')).toEqual([]);

    const key = await createApiKey(a, 3);
    await call(a, 'apiKey.set', { key: key.key, expiresAt: key.expires_at });
    const [warning] = await ofKind(a, 'key_warning');
    expect(warning).toMatchObject({ title: 'API key expires within a week', action: { kind: 'sign_in' } });

    const due = new Date(Date.now() - 60_000).toISOString();
    const scheduled = await call(a, 'records.create', {
      group: 'posts',
      fields: { text: 'Friday teaser', scheduled_at: due, status: 'scheduled' },
    });
    a.core.planner.reminders.tick();
    const [reminder] = await ofKind(a, 'reminder');
    expect(reminder).toMatchObject({
      title: 'Time to post: Friday teaser',
      at: new Date(Date.parse(due)).toISOString(),
      link: { section: 'planner', group: 'posts', id: scheduled.id },
    });
  });

  it('refuses an unknown id in words', async () => {
    const h = await coreWithSandbox();
    try {
      const result = await h.core.dispatch('inbox.markRead', { ids: ['ai:nothing'] });
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'not_found',
          message: 'The inbox has no item “ai:nothing”; it may have been resolved meanwhile.',
        },
      });
      const bad = await h.core.dispatch('inbox.list', { limit: 0 });
      expect(bad).toMatchObject({ ok: false, error: { code: 'validation' } });
    } finally {
      await h.stop();
    }
  });
});
