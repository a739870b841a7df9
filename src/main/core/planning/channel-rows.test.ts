/**
 * Imported and templated rows name the channels a post goes to: a `channels` column (names separated
 * by ";" or "|", or a JSON list) becomes the post's targets, each name a channel here or the row is
 * refused in words; an older `channel` column that names a channel becomes its one target.
 */
import { describe, expect, it } from 'vitest';
import { call, harnesses, type Harness } from '../../../../test/support/core-with-sandbox';
import { targetsOf } from '../../../shared/targets';

const harness = harnesses();

async function withChannels(): Promise<Harness> {
  const h = await harness();
  await call(h, 'channels.create', { fields: { network: 'instagram-feed', name: 'Insta', handle: '@me' } });
  await call(h, 'channels.create', { fields: { network: 'x', name: 'X main' } });
  return h;
}

const posts = (h: Harness) =>
  h.core.store.list('posts', h.core.workspace.account(), { offset: 0, limit: 100, includeDeleted: false }).items;
const names = (fields: Record<string, unknown>) =>
  targetsOf(fields).map((t) => [t.name, t.network, t.channelId !== null]);

describe('rows that name channels', () => {
  it('become posts on those channels, in CSV and JSON, and a row naming an unknown channel is refused', async () => {
    const h = await withChannels();
    const csv = [
      'text,channels,channel',
      'both,insta; X MAIN,',
      'piped,X main|Insta|insta,',
      'legacy,,insta',
      'label only,,Newsletter',
      'nowhere,Insta; Mastodon; Zine,',
    ].join('\n');
    const preview = await call(h, 'planner.importPreview', { kind: 'posts', format: 'csv', text: csv });
    expect(preview.rows[4]!.problems).toEqual([
      {
        field: 'channels',
        message: 'No channels are named "Mastodon", "Zine"; add them in the Channels tab, or fix the names.',
      },
    ]);
    expect(preview.invalid).toBe(1);
    await expect(call(h, 'planner.import', { kind: 'posts', format: 'csv', text: csv })).rejects.toThrow(
      /1 of 5 rows is not valid, so nothing was imported/,
    );
    expect(posts(h)).toHaveLength(0);

    expect(await call(h, 'planner.import', { kind: 'posts', format: 'csv', text: csv, validOnly: true })).toEqual({
      created: 4,
      skipped: 1,
    });
    const byText = new Map(posts(h).map((p) => [p.fields.text, p.fields]));
    expect(names(byText.get('both')!)).toEqual([
      ['Insta', 'instagram-feed', true],
      ['X main', 'x', true],
    ]);
    expect(byText.get('both')!.channel).toBe('Insta');
    expect(names(byText.get('piped')!)).toEqual([
      ['X main', 'x', true],
      ['Insta', 'instagram-feed', true],
    ]);
    expect(byText.get('piped')!.channel).toBe('X main');
    expect(names(byText.get('legacy')!)).toEqual([['Insta', 'instagram-feed', true]]);
    // A label no channel has stays a label (a channel of that name is made for it later).
    expect(byText.get('label only')!).not.toHaveProperty('targets');
    expect(names(byText.get('label only')!)).toEqual([['Newsletter', null, false]]);

    const json = JSON.stringify([
      { text: 'from json', channels: ['X main'] },
      { text: 'bad', channels: [3] },
    ]);
    const jsonPreview = await call(h, 'planner.importPreview', { kind: 'posts', format: 'json', text: json });
    expect(jsonPreview.rows.map((r) => r.errors)).toEqual([[], ['channels must be channel names separated by ";".']]);
  });

  it('in a template CSV become the targets of the posts it makes', async () => {
    const h = await withChannels();
    const template = h.core.store.create('mediaTemplates', h.core.workspace.account(), {
      name: 'Launch',
      body: 'Launch {{product}}',
    });
    const made = await call(h, 'planner.fromTemplate', {
      templateId: template.id,
      target: 'posts',
      rows: [
        { product: 'mug', channels: 'Insta;X main' },
        { product: 'cap', channel: 'x main' },
      ],
    });
    expect(made.created).toHaveLength(2);
    const byText = new Map(posts(h).map((p) => [p.fields.text, p.fields]));
    expect(names(byText.get('Launch mug')!)).toEqual([
      ['Insta', 'instagram-feed', true],
      ['X main', 'x', true],
    ]);
    expect(names(byText.get('Launch cap')!)).toEqual([['X main', 'x', true]]);
    await expect(
      call(h, 'planner.fromTemplate', {
        templateId: template.id,
        target: 'posts',
        rows: [{ product: 'hat', channels: 'Zine' }],
      }),
    ).rejects.toThrow(/No channel is named "Zine"/);
  });
});
