// The planner wired into the whole core: automations hear real imports and AI jobs (through the
// library and the job queue, not hand-made events) and a loop through the AI queue is stopped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, harnesses, signInDemo } from '../../../../test/support/core-with-sandbox';
import { makeImage } from '../media/test-media';

const open = harnesses();
let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-wiring-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('automations in the running core', () => {
  it('an import with a tag runs the matching rule (the asset is tagged and queued); other imports do not', async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    await signInDemo(h);
    const rule = await call(h, 'records.create', {
      group: 'automations',
      fields: {
        name: 'Raw photos to the queue',
        enabled: true,
        trigger: { type: 'asset_imported', tag: 'raw' },
        actions: [
          { type: 'add_tag', tag: 'queued' },
          { type: 'add_to_queue', note: 'from an import' },
        ],
      },
    });
    const plain = await makeImage(tmp, 'plain.png');
    await call(h, 'library.import', { paths: [plain] });
    const tagged = await makeImage(tmp, 'tagged.png', { width: 30 });
    const report = await call(h, 'library.import', { paths: [tagged], tags: ['raw'] });
    const id = report.imported[0]!.id;
    const runs = await until('the rule to run', async () => {
      const r = await call(h, 'automations.runs', { automationId: rule.id });
      return r.length > 0 ? r : null;
    });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ outcome: 'ok', automationName: 'Raw photos to the queue' });
    expect((await call(h, 'library.get', { id })).tags).toEqual(['raw', 'queued']);
    const queue = await call(h, 'planner.queue', {});
    expect(queue.items.map((i) => [i.assetId, i.note])).toEqual([[id, 'from an import']]);
  });

  it('a succeeding AI job runs rules on it; a rule that would feed itself is stopped by loop protection', async () => {
    const h = await open({ sandbox: { aiLatencyMs: 0 } });
    await signInDemo(h);
    const template = await call(h, 'records.create', {
      group: 'mediaTemplates',
      fields: { name: 'Announce', body: 'New art: {{prompt}}' },
    });
    await call(h, 'records.create', {
      group: 'automations',
      fields: {
        name: 'Announce images',
        enabled: true,
        trigger: { type: 'ai_job_succeeded', operation: 'text2image' },
        actions: [{ type: 'post_from_template', template_id: template.id, channel: 'Instagram' }],
      },
    });
    const again = await call(h, 'records.create', {
      group: 'automations',
      fields: {
        name: 'Again and again',
        enabled: true,
        trigger: { type: 'ai_job_succeeded' },
        actions: [{ type: 'run_ai', operation: 'text2image', model_id: 'paint-1', prompt: 'again: {{prompt}}' }],
      },
    });
    await call(h, 'ai.submit', { operation: 'text2image', modelId: 'paint-1', prompt: 'a red kite' });
    // The first job's success queues one more job (from "Again and again"); that job's success must not queue
    // another.
    const skipped = await until('loop protection to stop the second round', async () => {
      const runs = await call(h, 'automations.runs', { automationId: again.id });
      return runs.find((r) => r.outcome === 'skipped') ?? null;
    });
    expect(skipped.message).toMatch(/loop/i);
    await new Promise((r) => setTimeout(r, 300));
    const jobs = await call(h, 'ai.gallery', {});
    expect(jobs.items.map((j) => j.prompt).sort()).toEqual(['a red kite', 'again: a red kite']);
    const posts = await call(h, 'records.list', { group: 'posts' });
    expect(posts.items.map((p) => p.fields.text).sort()).toEqual(['New art: a red kite', 'New art: again: a red kite']);
    expect(posts.items.every((p) => p.fields.channel === 'Instagram')).toBe(true);
  });
});
