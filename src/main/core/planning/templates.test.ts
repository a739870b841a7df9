/**
 * Templates on a real core: preview, posts and creatives from rows (a parsed CSV), defaults and
 * row overrides, plan membership, and refusal of every row when one lacks a value.
 */
import { describe, expect, it } from 'vitest';
import { harnesses, type Harness } from '../../../../test/support/core-with-sandbox';
import { parseCsv } from './csv';
import { fillTemplate } from './templates';
import { contentOn, refusal } from './test-kit';

const harness = harnesses();
const NOW = Date.parse('2026-03-10T12:00:00Z');

function setup(h: Harness) {
  const { templates, store, account } = contentOn(h, NOW);
  const make = (group: Parameters<typeof store.create>[0], fields: Record<string, unknown>) =>
    store.create(group, account, fields).id;
  const count = (table: string) => (h.core.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { templates, make, count, store, account };
}

describe('template text', () => {
  it('lists variables in order of first use, allows spaces inside braces, and treats blanks as missing', () => {
    const filled = fillTemplate('{{ product }} at {{price}} — {{product}} {{ day-1.x }}', {
      product: 'Mug',
      price: '  ',
    });
    expect(filled.variables).toEqual(['product', 'price', 'day-1.x']);
    expect(filled.missing).toEqual(['price', 'day-1.x']);
    expect(filled.text).toBe('Mug at {{price}} — Mug {{ day-1.x }}');
    expect(fillTemplate('{{constructor}} {{toString}}', {}).missing).toEqual(['constructor', 'toString']);
  });
});

describe('templates', () => {
  it('previews a stored template or a body being edited, with {{date}} built in', async () => {
    const { templates, make } = setup(await harness());
    const id = make('mediaTemplates', { name: 'Launch', body: 'New: {{product}} on {{date}} {{cta}}' });
    expect(templates.preview({ templateId: id, values: { product: 'Mug' } })).toEqual({
      text: 'New: Mug on 2026-03-10 {{cta}}',
      variables: ['product', 'date', 'cta'],
      missing: ['cta'],
    });
    expect(templates.preview({ templateId: id, body: '{{x}}!', values: { x: 'edited' } }).text).toBe('edited!');
    expect(refusal(() => templates.preview({ values: {} })).code).toBe('validation');
  });

  it('makes a post per CSV row: defaults, row overrides, the scheduled day as {{date}}, plan membership', async () => {
    const h = await harness();
    const { templates, make, store } = setup(h);
    const tpl = make('mediaTemplates', { name: 'Drop', body: '{{product}} drops {{date}}! {{ hashtag }}' });
    const asset = make('assets', { name: 'mug.png' });
    const earlier = make('posts', { text: 'older' });
    const plan = make('contentPlans', { title: 'March', post_ids: [earlier] });
    const csv = parseCsv(
      [
        'product,hashtag,scheduled_at,channel',
        'Mug,#mug,,',
        '"Tee, black",#tee,2026-04-01T23:30:00-02:00,Newsletter',
        'Cap,#cap,2026-04-03T08:00:00Z,',
      ].join('\n'),
    );
    expect(csv.errors).toEqual([]);
    const out = templates.fromTemplate({
      templateId: tpl,
      target: 'posts',
      rows: csv.rows,
      defaults: {
        channel: 'Instagram',
        status: 'scheduled',
        scheduledAt: '2026-03-20T09:00:00Z',
        planId: plan,
        assetIds: [asset],
      },
    });
    expect(out.created.map((p) => p.fields)).toEqual([
      {
        text: 'Mug drops 2026-03-20! #mug',
        status: 'scheduled',
        scheduled_at: '2026-03-20T09:00:00.000Z',
        channel: 'Instagram',
        template_id: tpl,
        asset_ids: [asset],
      },
      // The day is the UTC day of the row's own time (01:30 UTC on 2 April).
      {
        text: 'Tee, black drops 2026-04-02! #tee',
        status: 'scheduled',
        scheduled_at: '2026-04-02T01:30:00.000Z',
        channel: 'Newsletter',
        template_id: tpl,
        asset_ids: [asset],
      },
      {
        text: 'Cap drops 2026-04-03! #cap',
        status: 'scheduled',
        scheduled_at: '2026-04-03T08:00:00.000Z',
        channel: 'Instagram',
        template_id: tpl,
        asset_ids: [asset],
      },
    ]);
    const ids = out.created.map((p) => p.id);
    expect(store.view('contentPlans', plan).fields.post_ids).toEqual([earlier, ...ids]);
    // Written through the store: every post is queued to sync, and so is the plan's new membership
    // (folded into the plan's own unsent create).
    const queued = h.core.db
      .prepare(
        `SELECT record_id, op FROM outbox
         WHERE grp = 'posts' AND record_id IN (SELECT value FROM json_each(?)) ORDER BY seq`,
      )
      .all(JSON.stringify(ids));
    expect(queued).toEqual(ids.map((record_id) => ({ record_id, op: 'create' })));
    const planEntry = h.core.db.prepare('SELECT payload FROM outbox WHERE record_id = ?').get(plan) as {
      payload: string;
    };
    expect(JSON.parse(planEntry.payload).post_ids).toEqual([earlier, ...ids]);
  });

  it('refuses every row when any row lacks a variable (absent or blank), naming the row and variable', async () => {
    const { templates, make, count } = setup(await harness());
    const tpl = make('mediaTemplates', { name: 'Drop', body: '{{product}} for {{price}}' });
    const before = count('posts');
    const error = refusal(() =>
      templates.fromTemplate({
        templateId: tpl,
        target: 'posts',
        rows: [
          { product: 'Mug', price: '9' },
          { product: 'Tee', price: '12' },
          { product: '  ', price: '5' },
          { product: 'Cap' },
        ],
        defaults: {},
      }),
    );
    expect(error.code).toBe('validation');
    expect(error.issues).toEqual([
      { path: 'rows.3.product', message: 'Row 3: {{product}} has no value.' },
      { path: 'rows.4.price', message: 'Row 4: {{price}} has no value.' },
    ]);
    expect(error.message).toMatch(/^Nothing was created\. Row 3: \{\{product\}\} has no value; Row 4/);
    expect(count('posts')).toBe(before);
    expect(count('outbox')).toBe(1); // only the template's own create
  });

  it('gives row-numbered errors for bad times, statuses and plans', async () => {
    const { templates, make, count } = setup(await harness());
    const tpl = make('mediaTemplates', { name: 'T', body: 'Hi {{name}}' });
    const error = refusal(() =>
      templates.fromTemplate({
        templateId: tpl,
        target: 'posts',
        rows: [
          { name: 'a', scheduled_at: 'next friday' },
          { name: 'b', status: 'posted' },
          { name: 'c', status: 'scheduled' },
          { name: 'd', plan_id: 'nope' },
        ],
        defaults: {},
      }),
    );
    expect(error.issues?.map((i) => i.path)).toEqual([
      'rows.1.scheduled_at',
      'rows.2.status',
      'rows.3.status',
      'rows.4.plan_id',
    ]);
    expect(error.issues?.[0]?.message).toContain('2026-05-01T09:00:00Z');
    expect(count('posts')).toBe(0);
  });

  it('adds posts to a plan a row names; names creatives by a column or by the template and row number', async () => {
    const { templates, make, store } = setup(await harness());
    const tpl = make('mediaTemplates', { name: 'Card', body: 'Say {{word}}' });
    const plan = make('contentPlans', { title: 'Q2' });
    const posts = templates.fromTemplate({
      templateId: tpl,
      target: 'posts',
      rows: [{ word: 'hi', plan_id: plan }, { word: 'yo' }],
      defaults: {},
    });
    expect(store.view('contentPlans', plan).fields.post_ids).toEqual([posts.created[0]?.id]);
    expect(posts.created[1]?.fields).toEqual({ text: 'Say yo', status: 'draft', template_id: tpl });

    const creatives = templates.fromTemplate({
      templateId: tpl,
      target: 'creatives',
      rows: [{ word: 'hello', name: 'Hello card' }, { word: 'bye' }],
      defaults: {},
    });
    expect(creatives.created.map((c) => c.fields)).toEqual([
      { name: 'Hello card', caption: 'Say hello', text: 'Say hello', template_id: tpl },
      { name: 'Card 2', caption: 'Say bye', text: 'Say bye', template_id: tpl },
    ]);
  });

  it('refuses an unknown template or asset', async () => {
    const { templates, make } = setup(await harness());
    expect(
      refusal(() => templates.fromTemplate({ templateId: 'missing', target: 'posts', rows: [{}], defaults: {} })).code,
    ).toBe('not_found');
    const tpl = make('mediaTemplates', { name: 'T', body: 'x' });
    const error = refusal(() =>
      templates.fromTemplate({ templateId: tpl, target: 'posts', rows: [{}], defaults: { assetIds: ['ghost'] } }),
    );
    expect(error.issues).toEqual([
      { path: 'defaults.assetIds.0', message: 'No asset with id "ghost" is in the library.' },
    ]);
  });
});
