import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AiQueueView } from '../../shared/ai';
import { aiJob, aiOperation, aiStatus, appError } from '../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../test-support/test-render';
import { spendingView } from './spending/test-spending';
import { StudioSection } from './StudioSection';
import { useAiEvents } from './use-ai-events';

/** The studio as the app frame mounts it: the frame keeps the AI queries in step with the core's events. */
function StudioInFrame() {
  useAiEvents();
  return <StudioSection />;
}

const steps = { name: 'steps', label: 'Steps', type: 'integer' as const, min: 1, max: 50, default: 20 };
const catalog = {
  operations: [
    aiOperation('text2image', { params: [steps], recentModels: ['flux-pro'] }),
    aiOperation('text2video'),
    aiOperation('image2image'),
  ],
};
const emptyQueue: AiQueueView = { status: aiStatus(), active: [], recent: [] };

/** A studio with the catalog above, this queue and an empty gallery. */
function studio(queue: AiQueueView = emptyQueue) {
  return fakeBackend()
    .answer('ai.spending', spendingView())
    .answer('ai.catalog', catalog)
    .answer('ai.queue', queue)
    .answer('ai.gallery', { items: [], total: 0, models: [] });
}

const form = (name = 'Text to image request') => screen.findByRole('form', { name });
const queuePanel = () => screen.findByRole('region', { name: 'Queue' });

describe('studio form: states', () => {
  it('says it is loading the operations, then offers them as tabs', async () => {
    const fake = studio();
    const hold = fake.hold('ai.catalog');
    renderWithBackend(<StudioSection />, fake);
    expect(await screen.findByText('Loading the operations…')).toBeTruthy();
    await waitFor(() => expect(hold.waiting).toBe(1));
    hold.answer(catalog);
    const tabs = await screen.findByRole('tablist', { name: 'Operation' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Text to image', 'Text to video', 'Image to image']);
    expect(within(tabs).getByRole('tab', { selected: true }).textContent).toBe('Text to image');
  });

  it('shows the core’s message and hint when the catalog cannot load', async () => {
    const fake = studio().fail(
      'ai.catalog',
      appError({ code: 'offline', message: 'The platform cannot be reached.', hint: 'Check the connection.' }),
    );
    renderWithBackend(<StudioSection />, fake);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The platform cannot be reached. Check the connection.',
    );
  });

  it('says when the profile offers no operation', async () => {
    renderWithBackend(<StudioSection />, studio().answer('ai.catalog', { operations: [] }));
    expect(await screen.findByText('The current platform profile offers no AI operations.')).toBeTruthy();
  });
});

describe('studio form: keyboard', () => {
  it('moves between operations with the arrow keys, and the form follows', async () => {
    const { user } = renderWithBackend(<StudioSection />, studio());
    const first = await screen.findByRole('tab', { name: 'Text to image' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    const video = screen.getByRole('tab', { name: 'Text to video' });
    expect(document.activeElement).toBe(video);
    expect(video.getAttribute('aria-selected')).toBe('true');
    expect(await form('Text to video request')).toBeTruthy();
    await user.keyboard('{End}');
    expect(await form('Image to image request')).toBeTruthy();
    expect(within(await form('Image to image request')).getByText('Input: an image')).toBeTruthy();
  });

  it('keeps a prompt typed for one operation while another is shown', async () => {
    const { user } = renderWithBackend(<StudioSection />, studio());
    await user.type(within(await form()).getByLabelText('Prompt'), 'A red kite');
    await user.click(screen.getByRole('tab', { name: 'Text to video' }));
    expect((within(await form('Text to video request')).getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe(
      '',
    );
    await user.click(screen.getByRole('tab', { name: 'Text to image' }));
    expect((within(await form()).getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe('A red kite');
  });

  it('picks a model from the list with the arrow keys and Enter, recent ones first', async () => {
    const { user } = renderWithBackend(<StudioSection />, studio());
    const model = within(await form()).getByRole('combobox', { name: 'Model' });
    expect((model as HTMLInputElement).value).toBe('flux-pro');
    model.focus();
    await user.keyboard('{ArrowDown}');
    const options = within(screen.getByRole('listbox', { name: 'Models' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['flux-proRecent', 'flux-1', 'sdxl']);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect((model as HTMLInputElement).value).toBe('sdxl');
    expect(model.getAttribute('aria-expanded')).toBe('false');
  });

  it('takes the keyboard to the form when the run-AI-job command asks (Ctrl/Cmd+G)', async () => {
    const { board } = renderWithBackend(<StudioSection />, studio());
    const model = within(await form()).getByRole('combobox', { name: 'Model' });
    board.request('ai-form');
    expect(document.activeElement).toBe(model);
  });
});

describe('studio form: submitting', () => {
  it('refuses an empty prompt in words and takes the keyboard to it', async () => {
    const fake = studio();
    const { user } = renderWithBackend(<StudioSection />, fake);
    await user.click(within(await form()).getByRole('button', { name: 'Run' }));
    const prompt = within(await form()).getByLabelText('Prompt');
    expect(screen.getByText('Enter a prompt')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(prompt));
    expect(fake.calls('ai.submit')).toEqual([]);
  });

  it('checks a parameter against its range before sending', async () => {
    const fake = studio();
    const { user } = renderWithBackend(<StudioSection />, fake);
    const f = await form();
    await user.type(within(f).getByLabelText('Prompt'), 'A lighthouse');
    const stepsField = within(f).getByLabelText('Steps');
    await user.clear(stepsField);
    await user.type(stepsField, '99');
    await user.click(within(f).getByRole('button', { name: 'Run' }));
    expect(within(f).getByRole('alert').textContent).toBe('Enter a number between 1 and 50');
    expect(fake.calls('ai.submit')).toEqual([]);
  });

  it('queues the job with the model, prompt and parameters, and says so', async () => {
    const fake = studio().answer('ai.submit', ({ prompt }) => ({
      kind: 'queued',
      job: aiJob({ id: 'j9', modelId: 'flux-pro', prompt: prompt ?? null }),
    }));
    const { user } = renderWithBackend(<StudioSection />, fake);
    const f = await form();
    await user.type(within(f).getByLabelText('Prompt'), '  A lighthouse at dawn ');
    await user.click(within(f).getByRole('button', { name: 'Run' }));
    expect(await within(f).findByText('Queued: Text to image · flux-pro. Follow it in the queue.')).toBeTruthy();
    expect(fake.calls('ai.submit')).toEqual([
      {
        operation: 'text2image',
        modelId: 'flux-pro',
        prompt: 'A lighthouse at dawn',
        params: { steps: 20 },
        force: false,
      },
    ]);
  });

  it('shows the core’s word on a field it refused beside that field', async () => {
    const refusal = appError({
      code: 'validation',
      message: 'The request was not valid.',
      hint: undefined,
      issues: [{ path: 'modelId', message: 'No model named flux-pro; known: flux-1, sdxl' }],
    });
    const { user } = renderWithBackend(<StudioSection />, studio().fail('ai.submit', refusal));
    const f = await form();
    await user.type(within(f).getByLabelText('Prompt'), 'A lighthouse');
    await user.click(within(f).getByRole('button', { name: 'Run' }));
    const alerts = await within(f).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'No model named flux-pro; known: flux-1, sdxl',
      'The request was not valid.',
    ]);
    expect(within(f).getByRole('combobox', { name: 'Model' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('offers the saved result of an identical request, and runs it again only when asked', async () => {
    const done = aiJob({ id: 'j1', state: 'succeeded' });
    const fake = studio()
      .answerOnce('ai.submit', { kind: 'cached', job: done })
      .answer('ai.submit', { kind: 'queued', job: aiJob({ id: 'j2' }) });
    const { user } = renderWithBackend(<StudioSection />, fake);
    const f = await form();
    await user.type(within(f).getByLabelText('Prompt'), 'A lighthouse at dawn');
    await user.click(within(f).getByRole('button', { name: 'Run' }));
    const question = await screen.findByRole('group', { name: /This exact request already succeeded/ });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Use the saved result' })),
    );
    await user.click(within(question).getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(fake.calls('ai.submit').map((c) => c.force)).toEqual([false, true]));
    expect(await within(f).findByText(/^Queued: Text to image · flux-1/)).toBeTruthy();
  });
});

const running = aiJob({
  id: 'r1',
  state: 'running',
  prompt: 'Foggy harbour',
  progress: { phase: 'generating', fraction: null },
  startedAt: '2026-03-02T10:00:00.000Z',
});
const first = aiJob({ id: 'q1', prompt: 'First in line', position: 1 });
const second = aiJob({ id: 'q2', prompt: 'Second in line', position: 2 });
const failed = aiJob({
  id: 'f1',
  state: 'failed',
  prompt: 'Broken',
  error: appError({ code: 'denied', message: 'The platform refused the model.', hint: 'Choose another model.' }),
});
const busyQueue: AiQueueView = {
  status: aiStatus({ queued: 2, running: 1 }),
  active: [running, first, second],
  recent: [failed],
};

describe('studio queue', () => {
  it('says it is loading, then that nothing is waiting', async () => {
    const fake = studio();
    const hold = fake.hold('ai.queue');
    renderWithBackend(<StudioSection />, fake);
    expect(within(await queuePanel()).getByText('Loading the queue…')).toBeTruthy();
    await waitFor(() => expect(hold.waiting).toBe(1));
    hold.answer(emptyQueue);
    expect(await within(await queuePanel()).findByText('Nothing is waiting or running.')).toBeTruthy();
  });

  it('shows the core’s message when the queue cannot load', async () => {
    renderWithBackend(
      <StudioSection />,
      studio().fail('ai.queue', appError({ message: 'The job database is locked.', hint: 'Restart Atelier.' })),
    );
    expect((await within(await queuePanel()).findByRole('alert')).textContent).toBe(
      'The job database is locked. Restart Atelier.',
    );
  });

  it('lists running and waiting jobs in order, says why they wait, and shows a failure in words', async () => {
    const queue = {
      ...busyQueue,
      status: aiStatus({
        queued: 2,
        running: 1,
        waiting: 'You are offline; jobs start again once the platform answers.',
      }),
    };
    renderWithBackend(<StudioSection />, studio(queue));
    const panel = await queuePanel();
    const active = await within(panel).findByRole('list', { name: 'Waiting and running jobs, in the order they run' });
    expect(
      within(active)
        .getAllByRole('listitem')
        .map((li) => within(li).getByText(/Running|Queued/).textContent),
    ).toEqual(['Running', 'Queued', 'Queued']);
    expect(
      within(panel).getByText('Waiting: You are offline; jobs start again once the platform answers.'),
    ).toBeTruthy();
    const recent = within(panel).getByRole('list', { name: 'Recently finished jobs' });
    expect(within(recent).getByText('The platform refused the model.').parentElement?.textContent).toBe(
      'The platform refused the model. Choose another model.',
    );
  });

  it('cancels a job, retries a failed one and moves a waiting one down', async () => {
    const fake = studio(busyQueue)
      .answer('ai.cancel', ({ id }) => ({ ...running, id, state: 'cancelled' }))
      .answer('ai.retry', ({ id }) => ({ ...failed, id, state: 'queued' }))
      .answer('ai.reorder', { ...busyQueue, active: [running, second, first] });
    const { user } = renderWithBackend(<StudioSection />, fake);
    const panel = await queuePanel();
    await user.click(
      await within(panel).findByRole('button', { name: 'Cancel Text to image · flux-1 “Foggy harbour”' }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Retry (may be billed again)' }));
    await user.click(within(panel).getByRole('button', { name: 'Move down: Text to image · flux-1 “First in line”' }));
    await waitFor(() => expect(fake.calls('ai.reorder')).toEqual([{ id: 'q1', before: null }]));
    expect(fake.calls('ai.cancel')).toEqual([{ id: 'r1' }]);
    expect(fake.calls('ai.retry')).toEqual([{ id: 'f1' }]);
    // The new order shows at once, and the first waiting job cannot move further up.
    await waitFor(() =>
      expect(
        (within(panel).getByRole('button', { name: /Move up: .*Second in line/ }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });

  it('pauses the queue and shows the core’s message when a cancel is refused', async () => {
    const fake = studio(busyQueue)
      .answer('ai.setPaused', ({ paused }) => aiStatus({ paused }))
      .fail(
        'ai.cancel',
        appError({ code: 'conflict', message: 'The job already finished.', hint: 'Its result is in the gallery.' }),
      );
    const { user } = renderWithBackend(<StudioSection />, fake);
    const panel = await queuePanel();
    await user.click(await within(panel).findByRole('button', { name: 'Pause queue' }));
    await waitFor(() => expect(fake.calls('ai.setPaused')).toEqual([{ paused: true }]));
    await user.click(within(panel).getByRole('button', { name: /^Cancel .*Foggy harbour/ }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The job already finished. Its result is in the gallery.',
    );
  });

  it('follows the core’s ai.changed events: the queue is fetched again once the burst settles', async () => {
    const fake = studio(busyQueue);
    const { emit } = renderWithBackend(<StudioInFrame />, fake);
    const panel = await queuePanel();
    await within(panel).findByText('Foggy harbour');
    fake.answer('ai.queue', { status: aiStatus(), active: [], recent: [{ ...running, state: 'succeeded' }] });
    await emit('ai.changed', { ids: ['r1'], status: aiStatus(), progressOnly: false });
    await emit('ai.changed', { ids: ['r1'], status: aiStatus(), progressOnly: false });
    expect(await within(panel).findByText('Nothing is waiting or running.')).toBeTruthy();
    expect(fake.calls('ai.queue')).toHaveLength(2);
  });
});
