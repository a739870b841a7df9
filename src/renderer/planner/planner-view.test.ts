import { describe, expect, it } from 'vitest';
import type { CalendarItem, ImportPreview, ScheduleWarning } from '../../shared/planner';
import type { RecordView } from '../../shared/records';
import {
  actionProblems,
  cleanAction,
  moveAction,
  newAction,
  removeAction,
  replaceAction,
  textToValues,
  triggerDraft,
  triggerOf,
  valuesToText,
} from './action-list';
import { cssAspect, previewWidth } from './aspect';
import {
  AGENDA_DAYS,
  itemsByDay,
  monthCellItems,
  rangeOf,
  rangeTitle,
  shiftAnchor,
  visibleDays,
  warningLines,
} from './calendar-layout';
import { countChars, countHint, limitFor } from './char-count';
import { csvTable, issueLine } from './csv-table';
import { createFields, excerpt, patchOf, planChanges, postOf, type PlanView } from './fields';
import { cellText, formatOf, importAllowed, previewColumns } from './import-rows';
import { fromLocalInput, isDayKey, localeWeekStart, toLocalInput, weekdayNames, whenLabel } from './local-time';
import { channelsOf, filterPosts, noPostFilter } from './post-filter';
import { requestFor, tabForGroup } from './tabs';
import { keepValues, variablesOf } from './template-vars';

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';

const record = (fields: Record<string, unknown>, id = 'p1'): RecordView => ({
  id,
  group: 'posts',
  remoteId: null,
  version: null,
  fields,
  createdAt: '2026-05-01T10:00:00Z',
  updatedAt: '2026-05-01T10:00:00Z',
  deleted: false,
  syncState: 'local',
  pending: 0,
  failed: null,
});

const item = (over: Partial<CalendarItem> = {}): CalendarItem => ({
  group: 'posts',
  id: 'p1',
  title: 'Spring launch',
  channel: 'Instagram',
  targets: [{ channelId: null, network: null, name: 'Instagram' }],
  at: '2026-05-18T07:00:00Z',
  status: 'scheduled',
  planIds: [],
  assetIds: [],
  warnings: [],
  ...over,
});

describe('character counts and channel limits', () => {
  it('counts what people see as one character once', () => {
    expect(countChars('héllo')).toBe(5);
    expect(countChars('e\u0301')).toBe(1);
    expect(countChars('👍🏽')).toBe(1);
    expect(countChars('🇫🇷 ok')).toBe(4);
    expect(countChars('')).toBe(0);
  });
  it('finds a limit by a word of the channel label, not by a letter inside one', () => {
    expect(limitFor('X (Twitter)')).toEqual({ name: 'X/Twitter', limit: 280 });
    expect(limitFor('x')?.limit).toBe(280);
    expect(limitFor('Instagram')?.limit).toBe(2200);
    expect(limitFor('instagram-reels')?.limit).toBe(2200);
    expect(limitFor('Newsletter')).toBeNull();
    expect(limitFor('Xylophone')).toBeNull();
    expect(limitFor('')).toBeNull();
    expect(limitFor(null)).toBeNull();
  });
  it('says how many are left or over as a hint, never blocking', () => {
    expect(countHint('a', null)).toEqual({ count: 1, text: '1 character', hint: null, over: false });
    expect(countHint('', 'Instagram')).toMatchObject({
      text: '0 characters',
      hint: 'Instagram allows about 2,200 (2,200 left)',
      over: false,
    });
    expect(countHint('a'.repeat(281), 'Twitter')).toMatchObject({
      count: 281,
      hint: 'X/Twitter allows about 280 (1 over)',
      over: true,
    });
    expect(countHint('a'.repeat(280), 'X').over).toBe(false);
  });
});

describe('calendar layout', () => {
  it('shows six Monday-first weeks for a month, one week, or the agenda’s run of days', () => {
    const month = visibleDays('month', '2026-05-20', PARIS, 1);
    expect(month).toHaveLength(6);
    expect(month.every((w) => w.length === 7)).toBe(true);
    expect(month[0]![0]).toBe('2026-04-27');
    expect(month[5]![6]).toBe('2026-06-07');
    expect(visibleDays('month', '2026-05-20', PARIS, 0)[0]![0]).toBe('2026-04-26');
    expect(visibleDays('week', '2026-05-20', PARIS, 1)).toEqual([
      ['2026-05-18', '2026-05-19', '2026-05-20', '2026-05-21', '2026-05-22', '2026-05-23', '2026-05-24'],
    ]);
    const agenda = visibleDays('agenda', '2026-05-20', PARIS, 1).flat();
    expect(agenda).toHaveLength(AGENDA_DAYS);
    expect([agenda[0], agenda[AGENDA_DAYS - 1]]).toEqual(['2026-05-20', '2026-06-02']);
  });
  it('asks for the instants from the first local midnight to the one after the last day, DST included', () => {
    expect(rangeOf(visibleDays('week', '2026-05-20', PARIS, 1), PARIS)).toEqual({
      from: '2026-05-17T22:00:00.000Z',
      to: '2026-05-24T22:00:00.000Z',
    });
    // The week of the spring change: starts on winter time, ends on summer time.
    expect(rangeOf(visibleDays('week', '2026-03-29', PARIS, 1), PARIS)).toEqual({
      from: '2026-03-22T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
  });
  it('pages by month (to the first), week or agenda length', () => {
    expect(shiftAnchor('month', '2026-12-15', 1)).toBe('2027-01-01');
    expect(shiftAnchor('month', '2026-01-31', -1)).toBe('2025-12-01');
    expect(shiftAnchor('week', '2026-05-20', -1)).toBe('2026-05-13');
    expect(shiftAnchor('agenda', '2026-05-20', 1)).toBe('2026-06-03');
  });
  it('puts items on the local day they fall on, in time order', () => {
    const late = item({ id: 'late', at: '2026-05-18T22:30:00Z' });
    const early = item({ id: 'early', at: '2026-05-18T06:00:00Z' });
    const noon = item({ id: 'noon', at: '2026-05-18T10:00:00Z' });
    const paris = itemsByDay([late, noon, early, item({ id: 'bad', at: 'not a date' })], PARIS);
    expect(paris.get('2026-05-18')?.map((i) => i.id)).toEqual(['early', 'noon']);
    expect(paris.get('2026-05-19')?.map((i) => i.id)).toEqual(['late']);
    expect(
      itemsByDay([late, noon, early], NEW_YORK)
        .get('2026-05-18')
        ?.map((i) => i.id),
    ).toEqual(['early', 'noon', 'late']);
  });
  it('shows a busy day in a month cell as its first items and "+N more"', () => {
    expect(monthCellItems(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(monthCellItems(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    // A fourth item would not fit: two are shown and the button counts the other two.
    expect(monthCellItems(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(monthCellItems(Array.from({ length: 40 }, (_, i) => i))).toMatchObject({ shown: [0, 1], more: 38 });
    expect(monthCellItems([], 3)).toEqual({ shown: [], more: 0 });
  });

  it('titles the range in the user’s language', () => {
    // ICU puts thin and narrow spaces around range dashes; compare the words.
    const title = (mode: 'month' | 'week' | 'agenda', anchor: string, locale: string) =>
      rangeTitle(mode, visibleDays(mode, anchor, PARIS, 1), anchor, locale).replace(/\s+/g, ' ');
    expect(title('month', '2026-05-20', 'en-GB')).toBe('May 2026');
    expect(title('week', '2026-05-20', 'en-GB')).toBe('18 – 24 May 2026');
    expect(title('week', '2026-04-29', 'en-GB')).toBe('27 Apr – 3 May 2026');
    expect(title('week', '2026-12-31', 'en-US')).toBe('Dec 28, 2026 – Jan 3, 2027');
    expect(title('agenda', '2026-05-20', 'de-DE')).toBe('20. Mai – 2. Juni 2026');
  });
  it('words warnings with their kind', () => {
    const w: ScheduleWarning[] = [
      { kind: 'slot', message: 'Another Instagram post at 09:00', with: [{ group: 'posts', id: 'p2' }] },
      { kind: 'duplicate', message: 'Same text as “Launch”', with: [] },
    ];
    expect(warningLines(w)).toEqual(['Same slot: Another Instagram post at 09:00', 'Duplicate: Same text as “Launch”']);
  });
});

describe('local date and time inputs', () => {
  it('turns instants into datetime-local values in the zone and back', () => {
    expect(toLocalInput('2026-05-04T07:00:00Z', PARIS)).toBe('2026-05-04T09:00');
    expect(toLocalInput('2026-05-04T07:00:00Z', NEW_YORK)).toBe('2026-05-04T03:00');
    expect(toLocalInput(null, PARIS)).toBe('');
    expect(toLocalInput('soon', PARIS)).toBe('');
    expect(fromLocalInput('2026-05-04T09:00', PARIS)).toBe('2026-05-04T07:00:00.000Z');
    expect(fromLocalInput('2026-05-04T09:00:30', PARIS)).toBe('2026-05-04T07:00:00.000Z');
    // Winter time the day before the change, summer time on the day.
    expect(fromLocalInput('2026-03-28T09:00', PARIS)).toBe('2026-03-28T08:00:00.000Z');
    expect(fromLocalInput('2026-03-29T09:00', PARIS)).toBe('2026-03-29T07:00:00.000Z');
    expect(fromLocalInput('', PARIS)).toBeNull();
    expect(fromLocalInput('2026-05-04', PARIS)).toBeNull();
    expect(fromLocalInput('2026-05-04T25:00', PARIS)).toBeNull();
  });
  it('checks day keys and names weekdays from the chosen first day', () => {
    expect(isDayKey('2026-05-04')).toBe(true);
    expect(isDayKey('2026-5-4')).toBe(false);
    expect(isDayKey('2026-13-01')).toBe(false);
    const monday = weekdayNames(1);
    const sunday = weekdayNames(0);
    expect(monday).toHaveLength(7);
    expect(sunday.slice(1)).toEqual(monday.slice(0, 6));
    expect(sunday[0]).toBe(monday[6]);
  });
  it('starts the week where the locale does (Monday when unknown)', () => {
    expect(localeWeekStart('de-DE')).toBe(1);
    expect([0, 1]).toContain(localeWeekStart('en-US'));
    expect(localeWeekStart('not a locale!')).toBe(1);
  });
  it('says when a post is unscheduled', () => {
    expect(whenLabel(null, PARIS)).toBe('Not scheduled');
    expect(whenLabel('2026-05-04T07:00:00Z', PARIS)).toMatch(/09:00$/);
  });
});

describe('record fields', () => {
  it('reads posts leniently', () => {
    expect(postOf(record({ text: 'Hi', status: 'weird', asset_ids: ['a', 3, 'b'], channel: 7 }))).toEqual({
      id: 'p1',
      text: 'Hi',
      status: 'draft',
      channel: '',
      channels: [],
      scheduledAt: null,
      assetIds: ['a', 'b'],
    });
  });
  it('patches only what changed, and removes what was emptied', () => {
    expect(patchOf({ a: 1, b: 'x', c: [1], keep: 'k' }, { a: 1, b: '', c: [1, 2], d: 'new', e: '', f: [] })).toEqual({
      b: null,
      c: [1, 2],
      d: 'new',
    });
    expect(patchOf({ scheduled_at: '2026-05-04T07:00:00Z' }, { scheduled_at: null })).toEqual({ scheduled_at: null });
    // Key order does not make a change (a pulled record may list keys differently).
    expect(
      patchOf({ trigger: { type: 'asset_imported', tag: 'x' } }, { trigger: { tag: 'x', type: 'asset_imported' } }),
    ).toEqual({});
    expect(patchOf({ actions: [{ type: 'add_tag', tag: 'a' }] }, { actions: [{ type: 'add_tag', tag: 'b' }] })).toEqual(
      { actions: [{ type: 'add_tag', tag: 'b' }] },
    );
    expect(createFields({ name: 'n', caption: '', asset_ids: [], ratio: '1:1' })).toEqual({ name: 'n', ratio: '1:1' });
  });
  it('changes plan membership only where it differs', () => {
    const plans: PlanView[] = [
      { id: 'a', title: 'A', startsAt: null, endsAt: null, postIds: ['p1', 'p2'] },
      { id: 'b', title: 'B', startsAt: null, endsAt: null, postIds: ['p2'] },
      { id: 'c', title: 'C', startsAt: null, endsAt: null, postIds: [] },
    ];
    expect(planChanges(plans, 'p1', new Set(['b', 'c']))).toEqual([
      { id: 'a', postIds: ['p2'] },
      { id: 'b', postIds: ['p2', 'p1'] },
      { id: 'c', postIds: ['p1'] },
    ]);
    expect(planChanges(plans, 'p1', new Set(['a']))).toEqual([]);
  });
  it('cuts long first lines', () => {
    expect(excerpt('  First line\nsecond')).toBe('First line');
    expect(excerpt('x'.repeat(70), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('post list filters', () => {
  const posts = [
    postOf(record({ text: 'Tea of the week: Darjeeling', status: 'scheduled', channel: 'Instagram' }, 'a')),
    postOf(record({ text: 'Coffee news', status: 'draft', channel: 'Newsletter' }, 'b')),
    postOf(record({ text: 'More tea', status: 'draft', channel: 'instagram' }, 'c')),
  ];
  it('matches every word, status and channel (case-insensitively)', () => {
    expect(filterPosts(posts, noPostFilter).map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(filterPosts(posts, { ...noPostFilter, text: 'TEA week' }).map((p) => p.id)).toEqual(['a']);
    expect(filterPosts(posts, { ...noPostFilter, text: 'newsletter' }).map((p) => p.id)).toEqual(['b']);
    expect(filterPosts(posts, { ...noPostFilter, status: 'draft', channel: 'Instagram' }).map((p) => p.id)).toEqual([
      'c',
    ]);
  });
  it('matches a post by any channel it goes to, not only the first', () => {
    const two = postOf(
      record({
        text: 'Both',
        targets: [
          { channel_id: 'c1', network: 'x', name: 'Studio X' },
          { channel_id: 'c2', network: 'linkedin', name: 'Studio In' },
        ],
      }),
    );
    expect(two.channels).toEqual(['Studio X', 'Studio In']);
    expect(filterPosts([two], { ...noPostFilter, channel: 'studio in' })).toEqual([two]);
    expect(filterPosts([two], { ...noPostFilter, text: 'studio in both' })).toEqual([two]);
    expect(filterPosts([two], { ...noPostFilter, channel: 'Studio' })).toEqual([]);
  });
  it('lists channels once each, sorted', () => {
    expect(channelsOf(['Instagram', 'newsletter', ' '], ['instagram', 'X', null, 'Newsletter'])).toEqual([
      'Instagram',
      'newsletter',
      'X',
    ]);
  });
});

describe('templates and CSV rows', () => {
  it('finds variables in order, once each', () => {
    expect(variablesOf('Hi {{ name }}, {{name}} and {{day}}; {{not a var}} {{}} {{café}} {{a.b-c_1}}')).toEqual([
      'name',
      'day',
      'a.b-c_1',
    ]);
    expect(variablesOf('no variables')).toEqual([]);
    expect(keepValues(['day', 'new'], { day: 'Mon', gone: 'x' })).toEqual({ day: 'Mon', new: '' });
  });
  it('maps CSV columns to variables and marks missing values', () => {
    const table = csvTable(
      {
        columns: ['product', 'day', 'scheduled_at', 'extra'],
        rows: [
          { product: 'Tea', day: 'Mon', scheduled_at: '2026-05-04T07:00:00Z', extra: 'x' },
          { product: ' ', day: 'Tue', scheduled_at: '', extra: '' },
        ],
        errors: [],
      },
      ['product', 'day', 'price'],
    );
    expect(table.columns).toEqual([
      { name: 'product', role: 'variable' },
      { name: 'day', role: 'variable' },
      { name: 'scheduled_at', role: 'special' },
      { name: 'extra', role: 'unused' },
    ]);
    expect(table.missingColumns).toEqual(['price']);
    expect(table.incomplete).toEqual([{ row: 2, variables: ['product'] }]);
    expect(table.rows[1]!.cells.map((c) => c.missing)).toEqual([true, false, false, false]);
    expect(table.rows[0]!.cells.map((c) => c.value)).toEqual(['Tea', 'Mon', '2026-05-04T07:00:00Z', 'x']);
  });
  it('words the core’s row issues', () => {
    expect(issueLine({ path: 'rows.3.product', message: 'Row 3: no value for {{product}}' })).toBe(
      'Row 3: no value for {{product}}',
    );
    expect(issueLine({ path: 'rows.0.product', message: 'Too long' })).toBe('rows.0.product: Too long');
    expect(issueLine({ path: 'templateId', message: 'Not found' })).toBe('templateId: Not found');
    expect(issueLine({ path: '', message: 'Refused' })).toBe('Refused');
  });
});

describe('automation actions', () => {
  const tag = newAction('add_tag');
  const post = newAction('post_from_template', { templateId: 't1' });
  const ai = newAction('run_ai');
  it('starts each type with what it needs', () => {
    expect(tag).toEqual({ type: 'add_tag', tag: '' });
    expect(post).toEqual({ type: 'post_from_template', template_id: 't1', values: {} });
    expect(newAction('post_from_template')).toMatchObject({ template_id: '' });
    expect(ai).toEqual({ type: 'run_ai', operation: 'text2image', model_id: '', params: {} });
    expect(newAction('add_to_queue')).toEqual({ type: 'add_to_queue' });
  });
  it('moves, removes and replaces by index without touching the original', () => {
    const list = ['a', 'b', 'c'] as const;
    expect(moveAction(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveAction(list, 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveAction(list, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveAction(list, 2, 1)).toEqual(['a', 'b', 'c']);
    expect(removeAction(list, 1)).toEqual(['a', 'c']);
    expect(replaceAction(list, 1, 'B')).toEqual(['a', 'B', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
  it('says what is missing, by index', () => {
    expect([...actionProblems([tag, post, ai, newAction('post_from_template')]).entries()]).toEqual([
      [0, 'Enter the tag to add.'],
      [2, 'Enter a model.'],
      [3, 'Choose a template.'],
    ]);
  });
  it('stores actions trimmed, without empty optional text', () => {
    expect(cleanAction({ type: 'add_tag', tag: ' summer ' })).toEqual({ type: 'add_tag', tag: 'summer' });
    expect(cleanAction({ type: 'add_to_queue', note: '  ' })).toEqual({ type: 'add_to_queue' });
    expect(cleanAction({ type: 'post_from_template', template_id: 't1', values: { a: '1' }, channel: ' ' })).toEqual({
      type: 'post_from_template',
      template_id: 't1',
      values: { a: '1' },
    });
    expect(
      cleanAction({ type: 'run_ai', operation: 'text2image', model_id: ' paint-1 ', params: {}, prompt: '' }),
    ).toEqual({ type: 'run_ai', operation: 'text2image', model_id: 'paint-1', params: {} });
  });
  it('reads template values from "name = value" lines', () => {
    expect(textToValues('product = Tea\n\nno equals\n= nameless\nnote= a = b ')).toEqual({
      product: 'Tea',
      note: 'a = b',
    });
    expect(textToValues(valuesToText({ a: '1', b: 'two' }))).toEqual({ a: '1', b: 'two' });
  });
  it('keeps trigger details only for their own type', () => {
    expect(triggerOf({ type: 'ai_job_succeeded', operation: '', tag: 'x', group: 'posts' })).toEqual({
      type: 'ai_job_succeeded',
    });
    expect(triggerOf({ type: 'ai_job_succeeded', operation: 'text2video', tag: '', group: '' })).toEqual({
      type: 'ai_job_succeeded',
      operation: 'text2video',
    });
    expect(triggerOf({ type: 'asset_imported', operation: '', tag: ' beach ', group: '' })).toEqual({
      type: 'asset_imported',
      tag: 'beach',
    });
    expect(triggerOf({ type: 'scheduled_time', operation: '', tag: '', group: 'mediaQueue' })).toEqual({
      type: 'scheduled_time',
      group: 'mediaQueue',
    });
    expect(triggerOf({ type: 'manual', operation: 'text2image', tag: 't', group: 'posts' })).toEqual({
      type: 'manual',
    });
    expect(triggerDraft(undefined)).toEqual({ type: 'manual', operation: '', tag: '', group: '' });
    expect(triggerDraft({ type: 'asset_imported', tag: 'beach' })).toEqual({
      type: 'asset_imported',
      operation: '',
      tag: 'beach',
      group: '',
    });
  });
});

describe('import preview', () => {
  const preview: ImportPreview = {
    rows: [
      { row: 1, fields: { text: 'Hello', scheduled_at: '2026-05-04T07:00:00Z' }, errors: [] },
      { row: 2, fields: { text: '', channel: 'X', asset_ids: ['a'] }, errors: ['Enter a text'] },
    ],
    valid: 1,
    invalid: 1,
  };
  it('knows CSV from JSON by name, then by content', () => {
    expect(formatOf('plans.JSON', 'text')).toBe('json');
    expect(formatOf('posts.csv', '[1]')).toBe('csv');
    expect(formatOf('export', ' [{"text":"a"}]')).toBe('json');
    expect(formatOf('export', 'text,channel')).toBe('csv');
  });
  it('shows every field as a column, values as text', () => {
    expect(previewColumns(preview)).toEqual(['text', 'scheduled_at', 'channel', 'asset_ids']);
    expect([cellText('a'), cellText(undefined), cellText(null), cellText(['a']), cellText(3)]).toEqual([
      'a',
      '',
      '',
      '["a"]',
      '3',
    ]);
  });
  it('allows importing only when every row is valid, or the user chose the valid ones', () => {
    expect(importAllowed(null, false).ok).toBe(false);
    expect(importAllowed(preview, false)).toEqual({
      ok: false,
      why: 'Fix the invalid row, or tick “Import only the valid rows”.',
    });
    expect(importAllowed(preview, true)).toEqual({ ok: true, why: '' });
    expect(importAllowed({ ...preview, valid: 0, invalid: 2 }, true).ok).toBe(false);
    expect(importAllowed({ ...preview, invalid: 0 }, false).ok).toBe(true);
  });
});

describe('planner navigation', () => {
  it('opens records on their tab; assets are not the planner’s', () => {
    expect(tabForGroup('contentPlans')).toBe('calendar');
    expect(tabForGroup('mediaTemplates')).toBe('templates');
    expect(requestFor({ group: 'posts', id: 'p1' }, 7)).toEqual({ tab: 'posts', id: 'p1', seq: 7 });
    expect(requestFor({ group: 'assets', id: 'a1' })).toBeNull();
    const a = requestFor({ group: 'automations', id: 'x' });
    const b = requestFor({ group: 'automations', id: 'x' });
    expect(b!.seq).toBeGreaterThan(a!.seq);
  });
  it('gives creatives their aspect ratio in CSS', () => {
    expect(cssAspect('4:5')).toBe('4 / 5');
    expect(cssAspect('16:9')).toBe('16 / 9');
    expect(previewWidth('9:16', 420)).toBe('min(100%, 236px)');
    expect(previewWidth('16:9', 420)).toBe('min(100%, 747px)');
  });
});
