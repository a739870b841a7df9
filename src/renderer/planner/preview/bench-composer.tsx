import { createElement, type ReactElement } from 'react';
import { BackendProvider, createQueryClient } from '../../backend/context';
import { createFakeBackend, type FakeBackend } from '../../backend/fake-backend';
import { TaskContext } from '../../app/use-task';
import { createTaskBoard } from '../../app/task-board';
import { assetDetail, channelView, record } from '../../test-support/test-fixtures';
import { PostEditor } from '../PostEditor';

// The preview benchmark's composer side: the Planner's real post editor (form, counters, pre-flight checks,
// targets with a variant, previews) on an in-page backend that answers what the editor asks, so a
// keystroke costs what it costs in the app, not only the preview panel's share.

const SVG = 'http://www.w3.org/2000/svg';
// Thumbnails drawn in the page (no request leaves it), one colour per picture.
const thumbUrl = (sha: string): string =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="${SVG}" width="320" height="240"><rect width="100%" height="100%" fill="#${sha.slice(0, 6)}"/></svg>`,
  )}`;

const CHANNELS = [
  channelView({ id: 'ch-ig', name: 'Studio on Instagram', network: 'instagram-feed', colour: '#be185d' }),
  channelView({ id: 'ch-x', name: 'Studio on X', network: 'x', colour: '#111827' }),
  channelView({ id: 'ch-li', name: 'Studio on LinkedIn', network: 'linkedin', colour: '#0f766e' }),
  channelView({ id: 'ch-th', name: 'Studio on Threads', network: 'threads', colour: '#7c3aed' }),
];

// Two pictures: one square, one 4:1 (Instagram's pre-flight warns about it on every check).
const PICTURES = [
  assetDetail({ id: 'a1', name: 'bench.jpg', width: 1080, height: 1080, sha256: '0ea5e9', mimeType: 'image/jpeg' }),
  assetDetail({ id: 'a2', name: 'shelf.jpg', width: 4000, height: 1000, sha256: 'f97316', mimeType: 'image/jpeg' }),
].map((a) => ({ ...a, thumb: { state: 'ready' as const, sha256: a.sha256, reason: null } }));

const target = (i: number) => ({
  channel_id: CHANNELS[i]!.id,
  network: CHANNELS[i]!.network,
  name: CHANNELS[i]!.name,
});

/** The post being typed into: four channels, X with its own (short) text, two pictures. */
export const BENCH_POST = record('posts', 'p-bench', {
  text: '',
  status: 'draft',
  channel: CHANNELS[0]!.name,
  asset_ids: PICTURES.map((p) => p.id),
  targets: [target(0), { ...target(1), text: 'New pieces on Friday. #ceramics' }, target(2), target(3)],
});

/** An in-page backend that answers every call the composer makes while it is open and typed into. */
export function benchBackend(): FakeBackend {
  const fake = createFakeBackend({ media: { url: thumbUrl } });
  const byId = new Map(PICTURES.map((p) => [p.id, p]));
  fake.answer('channels.list', CHANNELS);
  fake.answer('library.get', ({ id }) => byId.get(id) ?? assetDetail({ id }));
  fake.answer('planner.postAiRequests', []);
  fake.answer('snippets.list', []);
  fake.answer('records.list', { items: [], total: 0 });
  return fake;
}

/** The composer as the Planner shows it, with the app's backend provider, query settings and task board. */
export function benchComposer(fake: FakeBackend): ReactElement {
  const editor = createElement(PostEditor, {
    record: BENCH_POST,
    plans: [],
    tz: 'Europe/Paris',
    notice: null,
    onSaved: () => undefined,
    onDeleted: () => undefined,
  });
  return createElement(BackendProvider, {
    api: fake.api,
    client: createQueryClient(),
    children: createElement(TaskContext.Provider, { value: createTaskBoard() }, editor),
  });
}
