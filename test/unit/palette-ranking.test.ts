/**
 * The palette's ranking, end to end: records found by the core's `palette.search` on a real core, and
 * the renderer's grouping of them with the commands and settings parts; each query → the first line
 * the palette offers (synonyms, post text, tag prefix, prompt words, snippets, channels, settings).
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { call, coreWithSandbox, type Harness } from '../support/core-with-sandbox';
import { testJob } from '../../src/main/core/ai/test-jobs';
import { paletteItems, type PaletteItem } from '../../src/renderer/app/palette-items';

let h: Harness;
const made: Record<string, string> = {};

beforeAll(async () => {
  h = await coreWithSandbox();
  const account = h.core.workspace.account();
  const make = (group: 'posts' | 'assets' | 'mediaTemplates' | 'automations', fields: object) =>
    h.core.store.create(group, account, { ...fields }).id;
  made.autumn = make('posts', { text: 'Autumn sale starts soon\nDoors open Friday at nine' });
  made.launch = make('posts', { text: 'Launch day is here' });
  made.launchAsset = make('assets', { name: 'img 0412.jpg', tags: ['launch'] });
  made.beach = make('assets', { name: 'beach.jpg', kind: 'image', tags: ['holidays'], notes: 'golden light' });
  made.sunset = make('assets', { name: 'Sunset', tags: [] });
  for (let i = 0; i < 6; i++) make('assets', { name: `sunset beach ${i}.jpg` });
  made.result = h.core.ai.jobs.insert(
    testJob('rank-job', { account_id: account, prompt: 'a lighthouse in the storm', state: 'succeeded' }),
  ).id;
  made.template = make('mediaTemplates', { name: 'Weekly recap', body: 'This week at the studio' });
  made.snippet = (
    await call(h, 'snippets.create', { fields: { name: 'Sign-off', body: '— Mara', kind: 'signature' } })
  ).id;
  made.channel = (
    await call(h, 'channels.create', { fields: { network: 'instagram-feed', name: 'Studio Gram', handle: '@gram' } })
  ).id;
  made.rule = make('automations', { name: 'Tag imports', trigger: { type: 'asset_imported' }, actions: [] });
});

afterAll(async () => {
  await h?.stop();
});

/** The palette's first line for a query, as "group:id" (commands and settings parts by their own ids). */
async function first(query: string): Promise<string | undefined> {
  const { hits } = await call(h, 'palette.search', { text: query });
  const top: PaletteItem | undefined = paletteItems(query, hits)[0];
  if (!top) return undefined;
  if (top.group === 'commands') return `command:${top.command}`;
  if (top.group === 'settings') return `settings:${top.page.id}`;
  return `${top.group}:${top.hit.id}`;
}

const table: [query: string, expected: () => string][] = [
  ['sched', () => 'command:schedule-post'],
  ['schedule', () => 'command:schedule-post'],
  ['new post', () => 'command:new-post'],
  ['compose', () => 'command:new-post'],
  ['calendar', () => 'command:open-calendar'],
  ['planner', () => 'command:go-planner'],
  ['dark', () => 'command:toggle-theme'],
  ['generate', () => 'command:run-ai-job'],
  ['import', () => 'command:import'],
  ['upload', () => 'command:import'],
  ['logs', () => 'command:export-diagnostics'],
  ['sync', () => 'command:go-sync'],
  ['backups', () => 'settings:backups'],
  ['api key', () => 'settings:api-key'],
  ['keychain', () => 'settings:secrets'],
  ['appearance', () => 'settings:appearance'],
  ['updates', () => 'settings:updates'],
  ['autumn', () => `posts:${made.autumn}`],
  ['friday', () => `posts:${made.autumn}`],
  ['launch', () => `posts:${made.launch}`],
  ['holi', () => `media:${made.beach}`],
  ['beach', () => `media:${made.beach}`],
  ['golden', () => `media:${made.beach}`],
  ['sunset', () => `media:${made.sunset}`],
  ['lighthouse storm', () => `results:${made.result}`],
  ['weekly recap', () => `templates:${made.template}`],
  ['sign off', () => `snippets:${made.snippet}`],
  ['gram', () => `channels:${made.channel}`],
  ['tag imports', () => `automations:${made.rule}`],
];

describe('palette ranking table', () => {
  it.each(table)('“%s” comes first as expected', async (query, expected) => {
    expect(await first(query)).toBe(expected());
  });

  it('finds "sched" as Schedule post, New post and the calendar', async () => {
    const { hits } = await call(h, 'palette.search', { text: 'sched' });
    const commands = paletteItems('sched', hits).flatMap((i) => (i.group === 'commands' ? [i.command] : []));
    expect(commands.slice(0, 1)).toEqual(['schedule-post']);
    expect(commands).toEqual(expect.arrayContaining(['new-post', 'open-calendar', 'go-planner']));
  });
});
