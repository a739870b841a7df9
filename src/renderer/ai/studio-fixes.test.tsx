import { createRef } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AiJobDetail, AiJobState, AiQueueView } from '../../shared/ai';
import type { MediaProvenance } from '../../shared/media-provenance';
import { DetailPanel } from '../library/DetailPanel';
import { aiJob, aiOperation, aiStatus, assetDetail } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { spendingView } from './spending/test-spending';
import { modelListReducer } from './ModelCombobox';
import { StudioSection } from './StudioSection';
import { queuedJobStage } from './use-queued-banner';
import { useAiEvents } from './use-ai-events';

/** The studio as the app frame mounts it: the frame keeps the AI queries in step with the core's events. */
function StudioInFrame() {
  useAiEvents();
  return <StudioSection />;
}

const catalog = { operations: [aiOperation('text2image', { recentModels: ['flux-pro'] })] };
const done = aiJob({
  id: 'd1',
  state: 'succeeded',
  prompt: 'Harbour at night',
  finishedAt: '2026-03-02T10:05:00.000Z',
});
const detail = (job = done): AiJobDetail => ({
  ...job,
  provenance: {
    operation: job.operation,
    model_id: job.modelId,
    parameters: { steps: 20, seed: 7 },
    prompt: job.prompt,
    input_sha256: ['ab'.repeat(32)],
    requested_at: '2026-03-02T10:00:00.000Z',
    duration_ms: 65_000,
    profile: 'default',
    request: { prompt: job.prompt },
    response: { ok: true },
  },
});
const emptyQueue: AiQueueView = { status: aiStatus(), active: [], recent: [] };

function studio(queue: AiQueueView) {
  return fakeBackend()
    .answer('ai.spending', spendingView())
    .answer('ai.catalog', catalog)
    .answer('ai.queue', queue)
    .answer('ai.gallery', { items: [], total: 0, models: [] })
    .answer('ai.get', ({ id }) => detail({ ...done, id }))
    .answer('app.info', {
      name: 'Atelier',
      version: '0.1.0',
      host: 'electron',
      platform: 'linux',
      dataDir: '/data',
      database: { path: '/data/atelier.db', schemaVersion: 12, journalMode: 'wal' },
      versions: { electron: '45.4.1', node: '22.23.3' },
    });
}

describe('studio: Show under Recently finished', () => {
  it('opens the finished job in the result panel and takes the keyboard there', async () => {
    const fake = studio({ status: aiStatus(), active: [], recent: [done] });
    const { user } = renderWithBackend(<StudioSection />, fake);
    const recent = await screen.findByRole('list', { name: 'Recently finished jobs' });
    await user.click(within(recent).getByRole('button', { name: 'Show Text to image · flux-1 “Harbour at night”' }));
    const panel = await screen.findByTestId('ai-detail');
    expect(await within(panel).findByText('Text to image · flux-1')).toBeTruthy();
    expect(within(panel).getByTestId('ai-provenance').textContent).toContain('Harbour at night');
    expect(fake.calls('ai.get')).toContainEqual({ id: 'd1' });
    await waitFor(() => expect(document.activeElement).toBe(panel));
  });
});

describe('studio: the "Queued…" line goes when its job ends', () => {
  const queued = aiJob({ id: 'n1', prompt: 'A red kite' });
  it.each<AiJobState>(['succeeded', 'failed', 'cancelled'])('goes once the job has %s', async (end) => {
    const fake = studio(emptyQueue).answer('ai.submit', { kind: 'queued', job: queued });
    const { user, emit } = renderWithBackend(<StudioInFrame />, fake);
    const f = await screen.findByRole('form', { name: 'Text to image request' });
    await user.type(within(f).getByLabelText('Prompt'), 'A red kite');
    fake.answer('ai.queue', { ...emptyQueue, active: [queued] });
    await user.click(within(f).getByRole('button', { name: 'Run' }));
    const line = 'Queued: Text to image · flux-1. Follow it in the queue.';
    expect(await within(f).findByText(line)).toBeTruthy();
    // The job starts: the line stays.
    fake.answer('ai.queue', { ...emptyQueue, active: [{ ...queued, state: 'running' }] });
    await emit('ai.changed', { ids: ['n1'], status: aiStatus(), progressOnly: false });
    await waitFor(() => expect(screen.getByTestId('ai-job-n1').getAttribute('data-state')).toBe('running'));
    expect(within(f).getByText(line)).toBeTruthy();
    // It ends: the line goes.
    fake.answer('ai.queue', { ...emptyQueue, recent: [{ ...queued, state: end }] });
    await emit('ai.changed', { ids: ['n1'], status: aiStatus(), progressOnly: false });
    await waitFor(() => expect(within(f).queryByText(line)).toBeNull());
  });

  it('knows where a job stands from the queue', () => {
    const q: AiQueueView = { ...emptyQueue, active: [queued], recent: [done] };
    expect(queuedJobStage('n1', q)).toBe('active');
    expect(queuedJobStage('d1', q)).toBe('ended');
    expect(queuedJobStage('zz', q)).toBe('absent');
    expect(queuedJobStage('n1', undefined)).toBe('absent');
  });
});

describe('studio: the model list', () => {
  it('stays closed on load, and opens when the person types', async () => {
    const { user } = renderWithBackend(<StudioSection />, studio(emptyQueue));
    const f = await screen.findByRole('form', { name: 'Text to image request' });
    const model = within(f).getByRole('combobox', { name: 'Model' });
    await screen.findByText('Nothing is waiting or running.');
    expect(model.getAttribute('aria-expanded')).toBe('false');
    expect(within(f).getByRole('listbox', { hidden: true }).hidden).toBe(true);
    await user.click(model);
    await user.keyboard('{Control>}a{/Control}flux');
    expect(model.getAttribute('aria-expanded')).toBe('true');
  });

  it('refuses an opening nobody asked for', () => {
    const closed = { isOpen: false, highlightedIndex: -1, inputValue: 'flux', selectedItem: null };
    const opening = { ...closed, isOpen: true };
    // `type` is a downshift change type.
    const by = (type: string) => modelListReducer(closed, { type: type as never, changes: opening }).isOpen;
    expect(by('__function_open_menu__')).toBe(false);
    expect(by('__controlled_prop_updated_selected_item__')).toBe(false);
    expect(by('__input_change__')).toBe(true);
    expect(by('__input_keydown_arrow_down__')).toBe(true);
  });
});

describe('provenance as a table', () => {
  it('shows the job’s operation, model, prompt, parameters, input hashes and times, and copies the JSON', async () => {
    const { user } = renderWithBackend(<StudioSection />, studio({ status: aiStatus(), active: [], recent: [done] }));
    await user.click(await screen.findByRole('button', { name: /^Show / }));
    const table = await screen.findByTestId('ai-provenance');
    const rows = Object.fromEntries(
      within(table)
        .getAllByRole('row')
        .map((r) => [within(r).getByRole('rowheader').textContent, within(r).getByRole('cell').textContent]),
    );
    expect(rows).toMatchObject({
      Operation: 'Text to image',
      Model: 'flux-1',
      Prompt: 'Harbour at night',
      Parameters: 'steps: 20 · seed: 7',
      'Input hashes (SHA-256)': 'ab'.repeat(32),
      Took: '1:05',
      'Platform profile': 'default',
    });
    await user.click(screen.getByRole('button', { name: 'Copy JSON' }));
    expect(await screen.findByText('The provenance was copied as JSON.')).toBeTruthy();
    const copied = await navigator.clipboard.readText();
    expect(copied).toBe(JSON.stringify(detail().provenance, null, 2));
  });

  it('shows an imported file’s provenance in the library’s detail panel', async () => {
    const provenance: MediaProvenance = {
      generator: 'Atelier',
      jobId: 'job-77',
      operation: 'text2video',
      model: 'motion-1',
      prompt: 'slow waves',
      parameters: { fps: 6 },
      inputSha256: [],
      requestedAt: null,
      finishedAt: null,
      durationMs: null,
    };
    const fake = fakeBackend()
      .answer('library.get', assetDetail({ id: 'a1', kind: 'video', provenance }))
      .answer('library.tags', []);
    const props = { busy: false, onTrash: vi.fn(), onRestore: vi.fn(), onBack: vi.fn(), onClose: vi.fn() };
    renderWithBackend(<DetailPanel id="a1" panelRef={createRef()} {...props} />, fake);
    const table = await screen.findByTestId('asset-provenance');
    expect(within(table).getByRole('row', { name: /Operation/ }).textContent).toBe('OperationText to video');
    expect(within(table).getByRole('row', { name: /Job/ }).textContent).toBe('Jobjob-77');
    expect(within(table).getByRole('row', { name: /Input hashes/ }).textContent).toContain('None');
  });
});
