import type { CheckLine, CheckOutcome, ConnectionCheckResult } from '../../shared/connection-check';

const GLYPHS: Record<CheckOutcome, string> = { pass: '✓', fail: '✗', skip: '–', waiting: '–' };
const WORDS: Record<CheckOutcome, string> = {
  pass: 'passed',
  fail: 'failed',
  skip: 'not checked',
  waiting: 'waiting for the specification',
};

/** ✓ ✗ or –, as the checklist shows it. */
export const glyph = (o: CheckOutcome) => GLYPHS[o];

/** The outcome in words, for screen readers and the summary. */
export const outcomeWords = (o: CheckOutcome) => WORDS[o];

/** "HTTP 404", "no answer" for a request that got none, "" for a line that sent nothing. */
export function statusText(line: Pick<CheckLine, 'status' | 'request' | 'outcome'>): string {
  if (line.status !== null) return `HTTP ${line.status}`;
  return line.request !== null && line.outcome === 'fail' ? 'no answer' : '';
}

/** "14 passed, 1 failed, 3 not checked" — the counts that are not zero, in a fixed order. */
export function tally(result: Pick<ConnectionCheckResult, 'lines'>): string {
  const count = (o: CheckOutcome[]) => result.lines.filter((l) => o.includes(l.outcome)).length;
  const parts: [number, string][] = [
    [count(['pass']), 'passed'],
    [count(['fail']), 'failed'],
    [count(['skip']), 'not checked'],
    [count(['waiting']), 'waiting for the specification'],
  ];
  const said = parts.filter(([n]) => n > 0).map(([n, w]) => `${n} ${w}`);
  return said.length > 0 ? said.join(', ') : 'nothing checked';
}

const TITLES: Record<CheckLine['section'], string> = {
  auth: 'Sign-in and tokens',
  groups: 'Resource groups',
  ai: 'AI operations',
};

/** The lines by section, in the order they came, sections without lines left out. */
export function sections(lines: CheckLine[]): { section: CheckLine['section']; title: string; lines: CheckLine[] }[] {
  return (['auth', 'groups', 'ai'] as const).flatMap((section) => {
    const mine = lines.filter((l) => l.section === section);
    return mine.length > 0 ? [{ section, title: TITLES[section], lines: mine }] : [];
  });
}

/** The input the check channel takes from the form: the login only when it was asked for and filled. */
export function checkInput(runJobs: boolean, login: { username: string; password: string } | null) {
  return login ? { runJobs, login } : { runJobs };
}
