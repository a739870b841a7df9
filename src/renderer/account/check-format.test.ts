import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CheckLine, ConnectionCheckResult } from '../../shared/connection-check';
import { checkInput, glyph, outcomeWords, sections, statusText, tally } from './check-format';
import { CheckReport } from './CheckReport';

const line = (over: Partial<CheckLine>): CheckLine => ({
  id: 'validate',
  section: 'auth',
  label: 'Token validation',
  outcome: 'pass',
  request: 'POST /user/token/validate',
  status: 200,
  summary: 'The platform says the credential is valid.',
  serverWords: null,
  field: null,
  hint: null,
  raw: null,
  ...over,
});

const result: ConnectionCheckResult = {
  checkedAt: '2026-05-01T12:00:00Z',
  baseUrl: 'http://127.0.0.1:4000',
  profile: { id: 'sandbox', name: 'Sandbox' },
  ranJobs: false,
  diagnosis: { message: 'Every request carrying the access token was refused.', field: 'auth.scheme' },
  lines: [
    line({}),
    line({
      id: 'group.creatives',
      section: 'groups',
      label: 'Creatives',
      outcome: 'fail',
      request: 'GET /v2/creative?limit=1',
      status: 404,
      summary: 'The platform has no endpoint there (404).',
      serverWords: 'no endpoint at GET /v2/creative',
      field: 'groups.creatives.list.path',
      raw: '{\n  "error": {"code": "not_found"}\n}',
    }),
    line({
      id: 'group.posts',
      section: 'groups',
      label: 'Posts',
      outcome: 'waiting',
      request: null,
      status: null,
      summary: "Waiting for the platform's specification.",
    }),
    line({
      id: 'ai.text2image',
      section: 'ai',
      label: 'text2image',
      outcome: 'skip',
      request: null,
      status: null,
      summary: 'Skipped: sign in first.',
      hint: 'Enter your login.',
    }),
  ],
};

describe('checklist formatting', () => {
  it.each([
    ['pass', '✓', 'passed'],
    ['fail', '✗', 'failed'],
    ['skip', '–', 'not checked'],
    ['waiting', '–', 'waiting for the specification'],
  ] as const)('%s is %s', (outcome, mark, words) => {
    expect(glyph(outcome)).toBe(mark);
    expect(outcomeWords(outcome)).toBe(words);
  });

  it.each([
    [{ status: 404, request: 'GET /x', outcome: 'fail' }, 'HTTP 404'],
    [{ status: null, request: 'GET /x', outcome: 'fail' }, 'no answer'],
    [{ status: null, request: null, outcome: 'skip' }, ''],
  ] as const)('status of %j', (l, text) => {
    expect(statusText(l)).toBe(text);
  });

  it('counts only what is there, in a fixed order', () => {
    expect(tally(result)).toBe('1 passed, 1 failed, 1 not checked, 1 waiting for the specification');
    expect(tally({ lines: [line({}), line({ id: 'x' })] })).toBe('2 passed');
    expect(tally({ lines: [] })).toBe('nothing checked');
  });

  it('groups lines by section in order and leaves empty sections out', () => {
    expect(sections(result.lines).map((s) => [s.title, s.lines.map((l) => l.id)])).toEqual([
      ['Sign-in and tokens', ['validate']],
      ['Resource groups', ['group.creatives', 'group.posts']],
      ['AI operations', ['ai.text2image']],
    ]);
    expect(sections([line({})]).map((s) => s.section)).toEqual(['auth']);
  });

  it('sends the login only when one was asked for', () => {
    expect(checkInput(false, null)).toEqual({ runJobs: false });
    expect(checkInput(true, { username: 'u', password: 'p' })).toEqual({
      runJobs: true,
      login: { username: 'u', password: 'p' },
    });
  });
});

describe('the checklist component', () => {
  const html = renderToStaticMarkup(createElement(CheckReport, { result }));
  const item = (id: string) => html.split('<li').find((part) => part.includes(`data-testid="check-${id}"`)) ?? '';

  it('shows ✓, ✗ and – with the outcome in words for screen readers', () => {
    expect(item('validate')).toContain('✓');
    expect(item('validate')).toContain('passed:');
    expect(item('group.creatives')).toContain('✗');
    expect(item('group.posts')).toContain('–');
    expect(item('ai.text2image')).toContain('not checked:');
  });

  it('shows the status, the request, the server’s words and the field to change on a failed line', () => {
    const failedLine = item('group.creatives');
    expect(failedLine).toContain('HTTP 404');
    expect(failedLine).toContain('GET /v2/creative?limit=1');
    expect(failedLine).toContain('The platform said: “no endpoint at GET /v2/creative”');
    expect(failedLine).toContain('<code class="mono">groups.creatives.list.path</code>');
  });

  it('keeps the raw answer collapsed, and shows none where there was no answer', () => {
    expect(item('group.creatives')).toMatch(
      /<details><summary>Raw answer<\/summary><pre class="mono fields-dump">\{\n {2}&quot;error&quot;/,
    );
    expect(item('validate')).not.toContain('Raw answer');
    expect(item('ai.text2image')).toContain('Enter your login.');
  });

  it('says the shared cause once at the top, with its field, and the counts', () => {
    expect(html.match(/Every request carrying the access token was refused/g)).toHaveLength(1);
    expect(html).toContain('Change <code class="mono">auth.scheme</code> in the profile.');
    expect(html).toContain('1 passed, 1 failed');
    expect(html.indexOf('auth.scheme')).toBeLessThan(html.indexOf('Sign-in and tokens'));
  });
});
