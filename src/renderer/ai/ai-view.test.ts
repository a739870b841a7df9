import { describe, expect, it } from 'vitest';
import type { AiJobView, AiParamSpec, AiQueueStatus } from '../../shared/ai';
import { issueFor, otherIssues } from './form-errors';
import { elapsedMs, excerpt, firstLines, formatElapsed, jobSubject, progressText } from './format';
import { galleryInput, isGalleryFiltered, noGalleryFilters } from './gallery-filters';
import { acceptFor, fileFits, operationsTaking, resultInput } from './input-choices';
import { defaultModel, filterModels, modelOptions } from './models';
import { initialParamValues, paramsFromValues, toColor } from './params';
import { reorderTarget } from './queue-order';
import { retryLabel } from './labels';
import { parseTags } from './save-tags';
import { aiSummary } from './status';

const job = (over: Partial<AiJobView> = {}): AiJobView => ({
  id: 'j1',
  operation: 'text2image',
  modelId: 'paint-1',
  prompt: 'a lighthouse at dusk',
  params: {},
  input: null,
  state: 'running',
  position: 0,
  createdAt: '2026-05-01T12:00:00Z',
  startedAt: '2026-05-01T12:00:00Z',
  finishedAt: null,
  elapsedMs: 1000,
  progress: { phase: 'generating', fraction: null },
  waiting: null,
  error: null,
  attempts: 1,
  text: null,
  outputs: [],
  unknownShape: false,
  shapeNote: null,
  remoteJobId: null,
  ...over,
});

describe('elapsed time', () => {
  const now = Date.parse('2026-05-01T12:01:05.900Z');
  it('ticks from startedAt while running, and uses the core’s figure once finished', () => {
    expect(elapsedMs(job(), now)).toBe(65_900);
    expect(elapsedMs(job({ state: 'succeeded', elapsedMs: 4200 }), now)).toBe(4200);
    expect(elapsedMs(job({ state: 'queued', startedAt: null, elapsedMs: null }), now)).toBeNull();
    // A core clock slightly ahead never shows a negative time.
    expect(elapsedMs(job({ startedAt: '2026-05-01T12:01:07Z' }), now)).toBe(0);
  });
  it('shows whole seconds, never rounding up', () => {
    expect(formatElapsed(65_900)).toBe('1:05');
    expect(formatElapsed(999)).toBe('0:00');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(null)).toBe('—');
  });
});

describe('progress in words', () => {
  it('names the phase, with a percentage when the fraction is known', () => {
    expect(progressText(job({ progress: { phase: 'sending', fraction: 0.42 } }))).toBe('Sending 42%');
    expect(progressText(job({ progress: { phase: 'generating', fraction: null } }))).toBe('Generating…');
    expect(progressText(job({ progress: { phase: 'receiving', fraction: 1 } }))).toBe('Receiving 100%');
    expect(progressText(job({ progress: { phase: 'polling', fraction: null } }))).toBe('Waiting for the platform…');
  });
  it('says why a queued job waits, and how others ended', () => {
    expect(progressText(job({ state: 'queued', waiting: 'offline' }))).toBe('Waiting: offline');
    expect(progressText(job({ state: 'queued' }))).toBe('Waiting to start');
    expect(progressText(job({ state: 'failed' }))).toBe('Failed');
  });
});

describe('excerpts', () => {
  it('keeps one short line, and the first lines of a text', () => {
    expect(excerpt('  a   cat\non a mat ')).toBe('a cat on a mat');
    expect(excerpt('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(firstLines('one\ntwo\nthree\nfour\nfive')).toBe('one\ntwo\nthree\nfour');
    expect(
      jobSubject(
        job({
          prompt: null,
          input: { sha256: 's', name: 'beach.png', mimeType: 'image/png', kind: 'image', sizeBytes: 1 },
        }),
      ),
    ).toBe('beach.png');
  });
});

describe('use as input', () => {
  it('offers the operations that take what the result made', () => {
    expect(operationsTaking('image')).toEqual(['image2image', 'image2video', 'image2text']);
    expect(operationsTaking('video')).toEqual(['video2video', 'video2text']);
    expect(operationsTaking('audio')).toEqual(['wave2text']);
    expect(operationsTaking('text')).toEqual(['text2image', 'text2video']);
    // Only what the profile offers.
    expect(operationsTaking('image', ['image2text', 'text2image'])).toEqual(['image2text']);
  });
  it('refers to the result and names it', () => {
    const one = resultInput(job({ id: 'j9', outputs: [] }), 0);
    expect(one.ref).toEqual({ kind: 'result', jobId: 'j9', output: 0 });
    expect(one.name).toBe('Result of Text to image “a lighthouse at dusk”');
  });
  it('checks dropped files against the kind the operation takes', () => {
    expect(fileFits('image', 'image/png')).toBe(true);
    expect(fileFits('image', 'video/mp4')).toBe(false);
    expect(fileFits('audio', '')).toBe(true);
    expect(acceptFor('video')).toBe('video/*');
  });
});

describe('the model list', () => {
  const view = { models: ['paint-1', 'mosaic-1', 'mine-2'], recentModels: ['mine-2', 'paint-1'] };
  it('puts recent models first, marked, each once', () => {
    expect(modelOptions(view)).toEqual([
      { id: 'mine-2', recent: true },
      { id: 'paint-1', recent: true },
      { id: 'mosaic-1', recent: false },
    ]);
    expect(defaultModel(view)).toBe('mine-2');
    expect(defaultModel({ models: [], recentModels: [] })).toBe('');
  });
  it('filters by what was typed', () => {
    expect(filterModels(modelOptions(view), 'MOS').map((o) => o.id)).toEqual(['mosaic-1']);
    expect(filterModels(modelOptions(view), ' ')).toHaveLength(3);
  });
});

describe('parameters', () => {
  const specs: AiParamSpec[] = [
    { name: 'width', label: 'Width', type: 'integer', min: 16, max: 2048, default: 512 },
    { name: 'sigma', label: 'Blur', type: 'number', min: 0.3 },
    { name: 'color', label: 'Tint', type: 'color', default: '#36f' },
    { name: 'style', label: 'Style', type: 'text' },
  ];
  it('starts from the defaults', () => {
    expect(initialParamValues(specs)).toEqual({ width: '512', sigma: '', color: '#3366ff', style: '' });
    expect(toColor('red')).toBeNull();
  });
  it('sends numbers as numbers, leaves empty fields out, and names what is out of range', () => {
    expect(paramsFromValues(specs, { width: '640', sigma: '', color: '#3366ff', style: ' oil ' })).toEqual({
      params: { width: 640, color: '#3366ff', style: 'oil' },
      errors: {},
    });
    const bad = paramsFromValues(specs, { width: '10.5', sigma: '0.1', color: '#000000', style: '' });
    expect(bad.errors).toEqual({ width: 'Enter a whole number', sigma: 'Enter a number 0.3 or more' });
    expect(paramsFromValues(specs, { width: '4096' }).errors.width).toBe('Enter a number between 16 and 2048');
    expect(paramsFromValues(specs, { width: 'abc' }).errors.width).toBe('Enter a number');
  });
});

describe('moving waiting jobs', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it('names the job to precede, or null for the end', () => {
    expect(reorderTarget(ids, 'c', 'up')).toEqual({ before: 'b' });
    expect(reorderTarget(ids, 'b', 'down')).toEqual({ before: 'd' });
    expect(reorderTarget(ids, 'c', 'down')).toEqual({ before: null });
  });
  it('does nothing at the ends or for a job that is not waiting', () => {
    expect(reorderTarget(ids, 'a', 'up')).toBeUndefined();
    expect(reorderTarget(ids, 'd', 'down')).toBeUndefined();
    expect(reorderTarget(ids, 'x', 'up')).toBeUndefined();
  });
});

describe('the status bar item', () => {
  const s: AiQueueStatus = { paused: false, concurrency: 2, queued: 0, running: 0, waiting: null, fraction: null };
  it('says what runs and waits, in words', () => {
    expect(aiSummary(s)).toEqual({ text: 'AI idle', tone: 'idle', fraction: null });
    expect(aiSummary({ ...s, running: 2, queued: 3, fraction: 0.5 })).toEqual({
      text: 'AI: 2 running, 3 queued',
      tone: 'busy',
      fraction: 0.5,
    });
    expect(aiSummary({ ...s, queued: 1, waiting: 'offline' })).toMatchObject({
      text: 'AI: 1 queued · offline',
      tone: 'waiting',
    });
    expect(aiSummary({ ...s, paused: true, queued: 4 })).toMatchObject({ text: 'AI paused: 4 queued', tone: 'paused' });
    expect(aiSummary({ ...s, paused: true }).text).toBe('AI paused');
  });
});

describe('gallery filters', () => {
  it('always has every key, so equal filters share cache entries', () => {
    const input = galleryInput({ ...noGalleryFilters, text: '  ' }, 60);
    expect(input).toEqual({
      operation: undefined,
      modelId: undefined,
      text: undefined,
      from: undefined,
      to: undefined,
      state: undefined,
      offset: 0,
      limit: 60,
    });
    expect(galleryInput({ ...noGalleryFilters, operation: 'image2text', from: '2026-05-01' }, 9999)).toMatchObject({
      operation: 'image2text',
      from: '2026-05-01',
      limit: 500,
    });
    expect(isGalleryFiltered(noGalleryFilters)).toBe(false);
    expect(isGalleryFiltered({ ...noGalleryFilters, state: 'failed' })).toBe(true);
  });
});

describe('save tags and validation issues', () => {
  it('reads comma-separated tags', () => {
    expect(parseTags(' sunset, beach,,sunset , ')).toEqual(['sunset', 'beach']);
    expect(parseTags('')).toEqual([]);
  });
  it('places issues beside their field and lists the rest', () => {
    const error = {
      code: 'validation' as const,
      message: 'Check the request',
      issues: [
        { path: 'prompt', message: 'Too long' },
        { path: 'input.assetId', message: 'No such asset' },
        { path: 'params.width', message: 'Too wide' },
        { path: 'operation', message: 'Unknown' },
      ],
    };
    expect(issueFor(error, 'prompt')).toBe('Too long');
    expect(issueFor(error, 'input')).toBe('No such asset');
    expect(issueFor(error, 'params.width')).toBe('Too wide');
    expect(otherIssues(error, ['prompt', 'input', 'params.width'])).toEqual([
      { path: 'operation', message: 'Unknown' },
    ]);
  });
});

describe('retry label', () => {
  it('asks about the same job when the platform accepted it and did not report it failed', () => {
    expect(
      retryLabel({ state: 'failed', remoteJobId: 'j1', error: { code: 'unavailable', message: 'no answer' } }),
    ).toBe('Retry (asks about the same job)');
    expect(
      retryLabel({ state: 'failed', remoteJobId: 'j1', error: { code: 'denied', message: 'the platform failed it' } }),
    ).toBe('Retry (may be billed again)');
    expect(retryLabel({ state: 'failed', remoteJobId: null, error: null })).toBe('Retry (may be billed again)');
    expect(retryLabel({ state: 'cancelled', remoteJobId: 'j1', error: null })).toBe('Retry (may be billed again)');
  });
});
