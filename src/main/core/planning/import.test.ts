/** CSV and JSON import of posts and plans on a real core: preview row by row, all-or-nothing, validOnly. */
import { describe, expect, it } from 'vitest';
import { harnesses, type Harness } from '../../../../test/support/core-with-sandbox';
import { AppException } from '../errors';
import { contentOn } from './test-kit';

const harness = harnesses();

function setup(h: Harness) {
  const { importer, posts, store, account } = contentOn(h);
  const outbox = () => (h.core.db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n;
  return { importer, posts, outbox, store, account };
}

async function refusal(fn: () => unknown): Promise<AppException['error']> {
  try {
    await fn();
  } catch (e) {
    if (e instanceof AppException) return e.error;
    throw e;
  }
  throw new Error('expected a refusal');
}

const POSTS_CSV = (asset: string) =>
  [
    'Text,status,scheduled_at,channel,asset_ids,notes',
    `Hello world,Draft,,Instagram,${asset},first`,
    'Bad time,ready,tomorrow 9am,,,',
    'Spring sale,scheduled,2026-04-01T09:00:00+02:00,Newsletter,,',
    'Odd status,posted,,,missing-asset,',
    ',draft,,,,',
    'Needs time,scheduled,,,,',
  ].join('\n');

describe('planner import', () => {
  it('previews each row with messages a creator understands', async () => {
    const { importer, store, account } = setup(await harness());
    const asset = store.create('assets', account, { name: 'a.png' }).id;
    const preview = importer.preview({ kind: 'posts', format: 'csv', text: POSTS_CSV(asset), validOnly: false });
    expect(preview).toMatchObject({ valid: 2, invalid: 4 });
    expect(preview.rows.map((r) => [r.row, r.errors])).toEqual([
      [1, []],
      [2, ['scheduled_at "tomorrow 9am" is not a date and time; write it like 2026-05-01T09:00:00Z.']],
      [3, []],
      [
        4,
        [
          'Unknown status "posted"; use draft, ready, scheduled, published or failed.',
          'No asset with id "missing-asset" in this workspace.',
        ],
      ],
      [5, ['The post has no text (a "text" column).']],
      [6, ['A scheduled post needs a scheduled_at time.']],
    ]);
    // Fields as they will be stored: known columns only, status lower-cased, times in UTC, id lists split.
    expect(preview.rows[0]?.fields).toEqual({
      text: 'Hello world',
      status: 'draft',
      channel: 'Instagram',
      asset_ids: [asset],
    });
    expect(preview.rows[2]?.fields).toEqual({
      text: 'Spring sale',
      status: 'scheduled',
      scheduled_at: '2026-04-01T07:00:00.000Z',
      channel: 'Newsletter',
    });
  });

  it('imports nothing while a row is invalid, and only the valid rows with validOnly, in one go', async () => {
    const h = await harness();
    const { importer, posts, outbox, store, account } = setup(h);
    const asset = store.create('assets', account, { name: 'a.png' }).id;
    const before = outbox();
    const error = await refusal(() =>
      importer.import({ kind: 'posts', format: 'csv', text: POSTS_CSV(asset), validOnly: false }),
    );
    expect(error).toMatchObject({ code: 'validation', message: '4 of 6 rows are not valid, so nothing was imported.' });
    expect(error.issues?.[0]).toEqual({
      path: 'rows.2',
      message: 'Row 2: scheduled_at "tomorrow 9am" is not a date and time; write it like 2026-05-01T09:00:00Z.',
    });
    expect(posts()).toEqual([]);
    expect(outbox()).toBe(before);

    expect(importer.import({ kind: 'posts', format: 'csv', text: POSTS_CSV(asset), validOnly: true })).toEqual({
      created: 2,
      skipped: 4,
    });
    expect(
      posts()
        .map((p) => p.fields.text)
        .sort(),
    ).toEqual(['Hello world', 'Spring sale']);
    expect(outbox()).toBe(before + 2);
  });

  it('imports content plans from JSON (a list, or an object with items)', async () => {
    const { importer, store, account } = setup(await harness());
    const items = [
      { title: 'April', starts_at: '2026-04-01T00:00:00Z', ends_at: '2026-04-30T23:59:59Z', color: 'ignored' },
      { title: 'Backwards', starts_at: '2026-05-02T00:00:00Z', ends_at: '2026-05-01T00:00:00Z' },
      { starts_at: 'soon' },
      'not an object',
    ];
    const preview = importer.preview({
      kind: 'contentPlans',
      format: 'json',
      text: JSON.stringify({ items }),
      validOnly: false,
    });
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [],
      ['ends_at is before starts_at.'],
      [
        'starts_at "soon" is not a date and time; write it like 2026-05-01T09:00:00Z.',
        'The plan has no title (a "title" column).',
      ],
      ['This item is not an object with fields.'],
    ]);
    expect(
      importer.import({
        kind: 'contentPlans',
        format: 'json',
        text: JSON.stringify(items.slice(0, 1)),
        validOnly: false,
      }),
    ).toEqual({ created: 1, skipped: 0 });
    const plans = store.list('contentPlans', account, { offset: 0, limit: 10, includeDeleted: false }).items;
    expect(plans.map((p) => p.fields)).toEqual([
      { title: 'April', starts_at: '2026-04-01T00:00:00.000Z', ends_at: '2026-04-30T23:59:59.000Z' },
    ]);
  });

  it('refuses a file that is not JSON or has no rows', async () => {
    const { importer } = setup(await harness());
    expect(
      (await refusal(() => importer.preview({ kind: 'posts', format: 'json', text: '{oops', validOnly: false })))
        .message,
    ).toMatch(/^The file is not valid JSON/);
    expect(
      (await refusal(() => importer.preview({ kind: 'posts', format: 'json', text: '{"posts":[]}', validOnly: false })))
        .message,
    ).toMatch(/"items" list/);
    expect(
      (await refusal(() => importer.import({ kind: 'posts', format: 'csv', text: 'text\n', validOnly: true }))).message,
    ).toBe('There is nothing to import in this file.');
  });
});
