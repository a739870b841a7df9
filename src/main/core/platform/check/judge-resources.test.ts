import { describe, expect, it } from 'vitest';
import { defaultRecordsFormat, type AiOperationSpec } from '../../../../shared/profile';
import { sandboxProfile } from '../builtin-profiles';
import type { Answer } from './answer';
import { AI_PROBE_BODY, judgeAiJob, judgeAiProbe, judgeList } from './judge-resources';

const ans = (status: number | null, body: unknown = null, words: string | null = null): Answer => ({
  status,
  body,
  words,
  problem:
    status === null
      ? { code: 'offline', message: 'The platform cannot be reached.', hint: 'Check your connection.' }
      : null,
});
const records = defaultRecordsFormat;

describe('a group list answer', () => {
  it.each([
    ['a list with ids', ans(200, { items: [{ id: 'a1' }] }), 'token', 'pass', null],
    ['an empty list', ans(200, { items: [] }), 'token', 'pass', null],
    ['no list where the profile says', ans(200, { things: [{ id: 1 }] }), 'token', 'fail', 'records.itemsField'],
    ['items without an id', ans(200, { items: [{ key: 'x' }] }), 'token', 'fail', 'records.idField'],
    ['a list as the whole answer', ans(200, [{ id: 1 }]), 'token', 'fail', 'records.itemsField'],
    ['a 404', ans(404), 'token', 'fail', 'groups.posts.list.path'],
    ['a 405', ans(405), 'token', 'fail', 'groups.posts.list.path'],
    ['a 401 with a token', ans(401), 'token', 'fail', 'auth.scheme'],
    ['a 403 with an API key', ans(403), 'apiKey', 'fail', 'auth.apiKeyScheme'],
    ['a 400 (the page size parameter)', ans(400), 'token', 'fail', 'records.limitParam'],
    ['a 503', ans(503), 'token', 'fail', null],
    ['no answer', ans(null), 'token', 'fail', null],
    ['a 429', ans(429), 'token', 'skip', null],
  ] as const)('%s', (_name, answer, kind, outcome, field) => {
    expect(judgeList(answer, 'posts', records, kind)).toMatchObject({ outcome, field });
  });

  it('says where a list is when it is elsewhere', () => {
    const v = judgeList(ans(200, { data: [{ id: 1 }], total: 1 }), 'assets', records, 'token');
    expect(v.summary).toContain('no list at "items"');
    expect(v.summary).toContain('had: data, total');
    expect(v.summary).toContain('A list is at "data"');
  });

  it('reads nested item and id fields as the profile names them', () => {
    const nested = { ...records, itemsField: 'data.records', idField: 'meta.uuid' };
    expect(
      judgeList(ans(200, { data: { records: [{ meta: { uuid: 'u' } }] } }), 'assets', nested, 'token').outcome,
    ).toBe('pass');
  });

  it('no answer carries our own account of why', () => {
    expect(judgeList(ans(null), 'assets', records, 'token')).toMatchObject({
      summary: 'The platform cannot be reached.',
      hint: 'Check your connection.',
    });
  });
});

describe('an AI operation sent a body no generator takes', () => {
  it('is a JSON list', () => {
    expect(JSON.stringify(AI_PROBE_BODY)).toBe('[]');
  });

  it.each([
    ['a 400 (the body was refused)', ans(400), 'pass', null],
    ['a 415', ans(415), 'pass', null],
    ['a 422', ans(422), 'pass', null],
    ['a 200 (accepted anyway)', ans(200, {}), 'fail', null],
    ['a 202 (accepted anyway)', ans(202, { job: { id: 'j1' } }), 'fail', null],
    ['a 404', ans(404), 'fail', 'ai.text2image.path'],
    ['a 405', ans(405), 'fail', 'ai.text2image.path'],
    ['a 401', ans(401), 'fail', 'auth.scheme'],
    ['a 403', ans(403), 'fail', 'auth.scheme'],
    ['a 500', ans(500), 'fail', null],
    ['a 409', ans(409), 'fail', null],
  ] as const)('%s', (_name, answer, outcome, field) => {
    expect(judgeAiProbe(answer, 'text2image', 'token')).toMatchObject({ outcome, field });
  });

  it('says a 2xx may have started a job, and what to do', () => {
    const v = judgeAiProbe(ans(200, {}), 'text2image', 'token');
    expect(v.summary).toBe('The platform accepted a request meant to be refused (200); it may have started a job.');
    expect(v.hint).toContain('usage on the platform');
  });
});

describe('a real job answer', () => {
  const spec = sandboxProfile.ai.text2image;
  const mapped: AiOperationSpec = {
    ...spec,
    response: { media: ['result.image_url'], mediaEncoding: 'auto', failedValues: ['failed'], status: ['state'] },
  };
  const polled: AiOperationSpec = {
    ...spec,
    response: { jobId: ['job.id'], mediaEncoding: 'auto', failedValues: ['failed'] },
    poll: {
      method: 'GET',
      path: '/v2/jobs/{id}',
      statusField: ['status'],
      doneValues: ['done'],
      failedValues: ['failed'],
      intervalMs: 2000,
      maxIntervalMs: 30000,
      backoff: 1.5,
      deadlineMs: 60000,
    },
  };
  it.each([
    ['media in the common shape', spec, ans(200, { outputs: [{ url: 'http://x/f' }] }), 'pass', null],
    ['text in the common shape', spec, ans(200, { text: 'a caption' }), 'pass', null],
    ['media where the map says', mapped, ans(200, { result: { image_url: 'http://x' } }), 'pass', null],
    [
      'nothing where the map says',
      mapped,
      ans(200, { outputs: [{ url: 'http://x' }] }),
      'fail',
      'ai.text2image.response',
    ],
    ['a failed state', mapped, ans(200, { state: 'FAILED', result: { image_url: 'http://x' } }), 'fail', null],
    ['an accepted asynchronous job', polled, ans(202, { job: { id: 'j1' } }), 'pass', null],
    ['an unknown model', spec, ans(400, {}, 'model_id "x" is not a model'), 'fail', 'ai.text2image.models'],
    ['a refused body', spec, ans(400, {}, 'image.prompt: Required'), 'fail', 'ai.text2image.template'],
    ['a refused credential', spec, ans(401), 'fail', 'auth.scheme'],
  ] as const)('%s', (_name, s, answer, outcome, field) => {
    expect(judgeAiJob(answer, 'text2image', s, 'token')).toMatchObject({ outcome, field });
  });
});
