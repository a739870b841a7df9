/**
 * Automations on a real core: every trigger and action, disabled rules, failures, the run log,
 * loop protection (own chain, depth, across a restart) and the rate limit.
 */
import { describe, expect, it } from 'vitest';
import type { AiSubmitResult } from '../../../../shared/ai';
import { harnesses, signInDemo, type Harness } from '../../../../../test/support/core-with-sandbox';
import { AppException } from '../../errors';
import { parseFields } from '../../store/fields';
import { Templates } from '../templates';
import { AutomationEngine, MAX_CHAIN, RATE_LIMIT, type AiSubmitArgs } from './engine';

const harness = harnesses();
const START = Date.parse('2026-03-10T12:00:00Z');

interface Setup {
  engine: AutomationEngine;
  rule(fields: Record<string, unknown>): string;
  asset(name: string, tags?: string[]): string;
  tags(id: string): unknown;
  queued: { source: unknown; note: string | undefined }[];
  submitted: AiSubmitArgs[];
  ran: string[][];
  clock: { now: number };
  fresh(): AutomationEngine;
}

function setup(h: Harness, submitAi?: (input: AiSubmitArgs) => Promise<AiSubmitResult>): Setup {
  const { store, workspace } = h.core;
  const account = () => workspace.account();
  const clock = { now: START };
  const now = () => clock.now;
  const queued: Setup['queued'] = [];
  const submitted: AiSubmitArgs[] = [];
  const ran: string[][] = [];
  const deps = {
    store,
    account,
    now,
    templates: new Templates({ store, account, now }),
    queueAdd: (source: unknown, note?: string) => queued.push({ source, note }),
    submitAi: async (input: AiSubmitArgs) => {
      submitted.push(input);
      return submitAi
        ? submitAi(input)
        : ({ kind: 'queued', job: { id: `job-${submitted.length}` } } as AiSubmitResult);
    },
    onRan: (ids: string[]) => ran.push(ids),
  };
  return {
    engine: new AutomationEngine(deps),
    fresh: () => new AutomationEngine(deps),
    rule: (fields) => store.create('automations', account(), { name: 'Rule', enabled: true, ...fields }).id,
    asset: (name, tags = []) => store.create('assets', account(), { name, tags }).id,
    tags: (id) => parseFields(store.get('assets', id)?.data ?? null).tags,
    queued,
    submitted,
    ran,
    clock,
  };
}

describe('automations', () => {
  it('runs enabled matching rules on an imported asset (tag, queue); disabled and other rules do nothing', async () => {
    const s = setup(await harness());
    const tagAndQueue = s.rule({
      name: 'Raw in',
      trigger: { type: 'asset_imported', tag: 'raw' },
      actions: [
        { type: 'add_tag', tag: 'todo' },
        { type: 'add_to_queue', note: 'from raw' },
      ],
    });
    s.rule({
      name: 'Off',
      enabled: false,
      trigger: { type: 'asset_imported' },
      actions: [{ type: 'add_tag', tag: 'never' }],
    });
    s.rule({
      name: 'Other tag',
      trigger: { type: 'asset_imported', tag: 'final' },
      actions: [{ type: 'add_tag', tag: 'never' }],
    });
    s.rule({ name: 'Jobs', trigger: { type: 'ai_job_succeeded' }, actions: [{ type: 'add_tag', tag: 'never' }] });
    const id = s.asset('beach.png', ['RAW']);

    const runs = await s.engine.handle({ type: 'asset_imported', assetId: id, name: 'beach.png', tags: ['RAW'] });
    expect(runs).toEqual([
      {
        id: expect.any(Number),
        automationId: tagAndQueue,
        automationName: 'Raw in',
        at: '2026-03-10T12:00:00.000Z',
        cause: 'asset beach.png imported',
        outcome: 'ok',
        message: 'Tagged beach.png “todo”; added beach.png to the media queue.',
      },
    ]);
    expect(s.tags(id)).toEqual(['RAW', 'todo']);
    expect(s.queued).toEqual([{ source: { group: 'assets', id }, note: 'from raw' }]);
    expect(s.ran).toEqual([[tagAndQueue]]);
    // The tag is a plain update: it set nothing else off, and the log has that one run only.
    expect(s.engine.runs({ limit: 100 })).toEqual(runs);
  });

  it(
    'makes a post from a template with the facts of a succeeded AI job, ' +
      'and fails a run whose template lacks a value',
    async () => {
      const h = await harness();
      const s = setup(h);
      const account = h.core.workspace.account();
      const tpl = h.core.store.create('mediaTemplates', account, {
        name: 'Share',
        body: '{{asset_name}}: {{prompt}} ({{operation}}, {{date}}) {{cta}}',
      }).id;
      const needy = h.core.store.create('mediaTemplates', account, { name: 'Needy', body: '{{prompt}} {{price}}' }).id;
      const share = s.rule({
        name: 'Share',
        trigger: { type: 'ai_job_succeeded', operation: 'text2image' },
        actions: [
          {
            type: 'post_from_template',
            template_id: tpl,
            values: { cta: 'Shop now', prompt: 'overridden' },
            channel: 'Instagram',
          },
        ],
      });
      const broken = s.rule({
        name: 'Broken',
        trigger: { type: 'ai_job_succeeded' },
        actions: [
          { type: 'add_tag', tag: 'ai' },
          { type: 'post_from_template', template_id: needy },
        ],
      });
      s.rule({
        name: 'Video only',
        trigger: { type: 'ai_job_succeeded', operation: 'text2video' },
        actions: [{ type: 'add_tag', tag: 'never' }],
      });
      const asset = s.asset('cat.png');

      const runs = await s.engine.handle({
        type: 'ai_job_succeeded',
        jobId: 'j1',
        operation: 'text2image',
        prompt: 'a cat',
        assetId: asset,
      });
      expect(runs.map((r) => [r.automationId, r.outcome])).toEqual([
        [share, 'ok'],
        [broken, 'failed'],
      ]);
      expect(runs[1]?.message).toBe(
        'Action 2 (post from a template) failed: The template needs {{price}}, which has no value. ' +
          '(done before: tagged cat.png “ai”)',
      );
      const posts = h.core.store.list('posts', account, { offset: 0, limit: 10, includeDeleted: false }).items;
      expect(posts.map((p) => p.fields)).toEqual([
        {
          text: 'cat.png: a cat (text2image, 2026-03-10) Shop now',
          status: 'draft',
          template_id: tpl,
          channel: 'Instagram',
          asset_ids: [asset],
        },
      ]);
      expect(runs[0]?.cause).toBe('AI job text2image succeeded (“a cat”)');
    },
  );

  it('acts on the asset of a queue item whose time arrived, and runs any rule by hand', async () => {
    const h = await harness();
    const s = setup(h);
    const asset = s.asset('clip.mp4');
    const item = h.core.store.create('mediaQueue', h.core.workspace.account(), {
      asset_id: asset,
      note: 'Morning slot',
    }).id;
    const due = s.rule({
      name: 'Due',
      trigger: { type: 'scheduled_time', group: 'mediaQueue' },
      actions: [{ type: 'add_tag', tag: 'due' }],
    });
    s.rule({
      name: 'Posts only',
      trigger: { type: 'scheduled_time', group: 'posts' },
      actions: [{ type: 'add_tag', tag: 'never' }],
    });
    const runs = await s.engine.handle({ type: 'scheduled_time', group: 'mediaQueue', id: item });
    expect(runs.map((r) => [r.automationId, r.outcome, r.cause])).toEqual([
      [due, 'ok', 'the time of queue item “clip.mp4” arrived'],
    ]);
    expect(s.tags(asset)).toEqual(['due']);

    // By hand: whatever the trigger, even switched off; with an asset, or failing without one.
    const manual = s.rule({
      name: 'Sort',
      enabled: false,
      trigger: { type: 'manual' },
      actions: [{ type: 'add_tag', tag: 'sorted' }],
    });
    const run = await s.engine.runNow(manual, asset);
    expect(run).toMatchObject({
      automationId: manual,
      outcome: 'ok',
      cause: 'run by hand on clip.mp4',
      message: 'Tagged clip.mp4 “sorted”.',
    });
    expect(s.tags(asset)).toEqual(['due', 'sorted']);
    expect(await s.engine.runNow(manual)).toMatchObject({
      outcome: 'failed',
      message: 'Action 1 (add a tag) failed: There is no asset to tag: this event is not about an asset.',
    });
    expect(await s.engine.handle({ type: 'manual' })).toEqual([]); // manual rules run only by hand (switched off here)
    await expect(s.engine.runNow('nope')).rejects.toBeInstanceOf(AppException);
    expect(s.ran).toEqual([[due], [manual], [manual]]);
  });

  it(
    'queues an AI job with event facts in its prompt, ' +
      'and stops the loop when that job succeeds (even after a restart)',
    async () => {
      const h = await harness();
      await signInDemo(h);
      const s = setup(h, (input) => h.core.ai.studio.submit(input));
      const again = s.rule({
        name: 'More of it',
        trigger: { type: 'ai_job_succeeded' },
        actions: [
          { type: 'run_ai', operation: 'text2image', model_id: 'paint-1', prompt: 'More of {{prompt}}, {{date}}' },
        ],
      });
      const [first] = await s.engine.handle({
        type: 'ai_job_succeeded',
        jobId: 'outside',
        operation: 'text2image',
        prompt: 'a red fox',
      });
      expect(first).toMatchObject({ outcome: 'ok', message: expect.stringMatching(/^Queued a text2image job/) });
      const job = h.core.db.prepare('SELECT id, prompt, model_id FROM ai_jobs').get() as {
        id: string;
        prompt: string;
        model_id: string;
      };
      expect(job).toMatchObject({ prompt: 'More of a red fox, 2026-03-10', model_id: 'paint-1' });

      // The job's success comes back as an event; the rule's own chain stops it, also in a new engine.
      const [looped] = await s
        .fresh()
        .handle({ type: 'ai_job_succeeded', jobId: job.id, operation: 'text2image', prompt: job.prompt });
      expect(looped).toMatchObject({
        automationId: again,
        outcome: 'skipped',
        message: expect.stringMatching(/^loop protection: /),
        cause: expect.stringContaining('(after More of it)'),
      });
      expect((h.core.db.prepare('SELECT count(*) AS n FROM ai_jobs').get() as { n: number }).n).toBe(1);
    },
  );

  it('skips chains deeper than the limit, and a rule past its rate, logging why', async () => {
    const s = setup(await harness());
    const tagger = s.rule({
      name: 'Tagger',
      trigger: { type: 'asset_imported' },
      actions: [{ type: 'add_tag', tag: 'seen' }],
    });
    const id = s.asset('a.png');
    const event = { type: 'asset_imported', assetId: id, name: 'a.png', tags: [] } as const;
    const deep = Array.from({ length: MAX_CHAIN }, (_, i) => `other-${i}`);
    expect(await s.engine.handle(event, deep)).toMatchObject([
      {
        outcome: 'skipped',
        message: `loop protection: ${MAX_CHAIN} automations in a row led to this event (at most ${MAX_CHAIN}).`,
      },
    ]);
    expect((await s.engine.handle(event, deep.slice(1)))[0]?.outcome).toBe('ok');

    const outcomes: string[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i += 1) {
      s.clock.now += 100;
      outcomes.push(...(await s.engine.handle(event)).map((r) => r.outcome));
    }
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(RATE_LIMIT - 1); // one ran above
    expect(outcomes.slice(-3)).toEqual(['skipped', 'skipped', 'skipped']);
    expect(s.engine.runs({ automationId: tagger, limit: 1 })[0]?.message).toBe(
      `rate limit: it already ran ${RATE_LIMIT} times in the last minute.`,
    );
    s.clock.now += 61_000;
    expect((await s.engine.handle(event))[0]?.outcome).toBe('ok');
  });

  it('lists runs newest first, per automation, with a limit', async () => {
    const s = setup(await harness());
    const a = s.rule({ name: 'A', trigger: { type: 'asset_imported' }, actions: [] });
    const b = s.rule({ name: 'B', trigger: { type: 'asset_imported' }, actions: [] });
    const id = s.asset('x.png');
    for (let i = 0; i < 3; i += 1) {
      s.clock.now += 1000;
      await s.engine.handle({ type: 'asset_imported', assetId: id, name: 'x.png', tags: [] });
    }
    const all = s.engine.runs({ limit: 100 });
    expect(all.map((r) => r.automationName)).toEqual(['B', 'A', 'B', 'A', 'B', 'A']);
    expect(all[0]).toMatchObject({
      at: '2026-03-10T12:00:03.000Z',
      outcome: 'ok',
      message: 'Nothing to do: it has no actions.',
    });
    expect(s.engine.runs({ automationId: a, limit: 2 }).map((r) => [r.automationId, r.at])).toEqual([
      [a, '2026-03-10T12:00:03.000Z'],
      [a, '2026-03-10T12:00:02.000Z'],
    ]);
    expect(s.engine.runs({ automationId: b, limit: 100 })).toHaveLength(3);
  });
});
