/**
 * A rule's "post from a template" goes to the channels it names by id: the post it makes carries one
 * target per channel. A rule saved with one channel label still runs, on the channel of that name when
 * there is one; a rule whose channel was deleted fails in words; bad channel lists are refused on save.
 */
import { describe, expect, it } from 'vitest';
import { call, harnesses, type Harness } from '../../../../../test/support/core-with-sandbox';
import { AutomationAction } from '../../../../shared/automations';
import { targetsOf } from '../../../../shared/targets';

const harness = harnesses();

interface World {
  h: Harness;
  insta: string;
  x: string;
  template: string;
}

async function world(): Promise<World> {
  const h = await harness();
  const insta = await call(h, 'channels.create', {
    fields: { network: 'instagram-feed', name: 'Insta', handle: '@me' },
  });
  const x = await call(h, 'channels.create', { fields: { network: 'x', name: 'X main' } });
  const template = await call(h, 'records.create', {
    group: 'mediaTemplates',
    fields: { name: 'Launch', body: 'New: {{thing}}' },
  });
  return { h, insta: insta.id, x: x.id, template: template.id };
}

async function ruleWith(w: World, action: Record<string, unknown>): Promise<string> {
  const rule = await call(w.h, 'records.create', {
    group: 'automations',
    fields: {
      name: 'Post it',
      enabled: true,
      trigger: { type: 'manual' },
      actions: [{ type: 'post_from_template', template_id: w.template, values: { thing: 'mugs' }, ...action }],
    },
  });
  return rule.id;
}

const posts = (h: Harness) =>
  h.core.store.list('posts', h.core.workspace.account(), { offset: 0, limit: 100, includeDeleted: false }).items;

describe('automations that post to channels', () => {
  it('make one draft with a target for each chosen channel, named in the run', async () => {
    const w = await world();
    const id = await ruleWith(w, { channel_ids: [w.insta, w.x] });
    const run = await call(w.h, 'automations.run', { id });
    expect(run.outcome).toBe('ok');
    expect(run.message).toMatch(/^Made a draft post from template Launch for Insta, X main \(/);
    const made = posts(w.h);
    expect(made).toHaveLength(1);
    const fields = made[0]!.fields;
    expect(fields).toMatchObject({ text: 'New: mugs', status: 'draft', channel: 'Insta' });
    expect(targetsOf(fields).map((t) => [t.channelId, t.network, t.name, t.handle])).toEqual([
      [w.insta, 'instagram-feed', 'Insta', '@me'],
      [w.x, 'x', 'X main', ''],
    ]);
  });

  it('still run an old one-label rule: the channel of that name becomes the target, else the label stays', async () => {
    const w = await world();
    const named = await ruleWith(w, { channel: 'insta' });
    const unknown = await ruleWith(w, { channel: 'Newsletter' });
    expect((await call(w.h, 'automations.run', { id: named })).outcome).toBe('ok');
    expect((await call(w.h, 'automations.run', { id: unknown })).outcome).toBe('ok');
    const byLabel = new Map(posts(w.h).map((p) => [String(p.fields.channel), p.fields]));
    expect(targetsOf(byLabel.get('Insta')!).map((t) => t.channelId)).toEqual([w.insta]);
    expect(byLabel.get('Newsletter')!.targets).toBeUndefined();
    expect(targetsOf(byLabel.get('Newsletter')!).map((t) => [t.channelId, t.name])).toEqual([[null, 'Newsletter']]);
  });

  it('fail in words when a chosen channel was deleted, and make nothing', async () => {
    const w = await world();
    const id = await ruleWith(w, { channel_ids: [w.insta, w.x] });
    await call(w.h, 'channels.remove', { id: w.x });
    const run = await call(w.h, 'automations.run', { id });
    expect(run.outcome).toBe('failed');
    expect(run.message).toContain(
      'A channel this rule posts to was deleted; open the rule and choose its channels again.',
    );
    expect(posts(w.h)).toHaveLength(0);
  });

  it('refuse a channel list with a channel twice, an empty id, or more than 20 channels', () => {
    const base = { type: 'post_from_template', template_id: 't1', values: {} };
    const issues = (channel_ids: unknown) => {
      const r = AutomationAction.safeParse({ ...base, channel_ids });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(issues(['a', 'a'])).toEqual(['A channel is chosen twice']);
    expect(issues(Array.from({ length: 21 }, (_, i) => `c${i}`))).toEqual(['A post goes to at most 20 channels']);
    expect(issues([''])).toHaveLength(1);
    expect(issues(['a', 'b'])).toEqual([]);
    // A rule stored before channel lists (one label) still parses.
    expect(AutomationAction.safeParse({ ...base, channel: 'Instagram' }).success).toBe(true);
  });
});
