// The answer tree the user points into (rows, keyboard, path choices, guesses) and the words
// around asynchronous jobs and the profile diff: pure logic, no browser.
import { describe, expect, it } from 'vitest';
import { answerTree, guessRole, needsDownload, pathChoices, shortValue, treeKey, visibleRows } from './answer-tree';
import { diffLineKind, platformJobNote } from './teach-view';

const answer = {
  job: { id: 'j-1', state: 'done' },
  result: { images: [{ b64: 'A'.repeat(300) }, { url: 'https://cdn.example/b.png' }] },
  n: 3,
};

describe('the answer tree', () => {
  const root = answerTree(answer);

  it('each node has its field path and a short value', () => {
    expect(root.children.map((c) => [c.path, c.summary])).toEqual([
      ['job', '{2 fields}'],
      ['result', '{1 field}'],
      ['n', '3'],
    ]);
    const image = root.children[1]!.children[0]!.children[0]!.children[0]!;
    expect(image.path).toBe('result.images.0.b64');
    expect(image.summary).toBe(`"${'A'.repeat(32)}…" (300 characters)`);
    expect(shortValue([1])).toBe('[1 item]');
    expect(shortValue(null)).toBe('null');
    expect(shortValue('short')).toBe('"short"');
  });

  it('shows the children of expanded nodes only, with depth and parent', () => {
    expect(visibleRows(root, new Set()).map((r) => r.node.path)).toEqual(['job', 'result', 'n']);
    const rows = visibleRows(root, new Set(['result', 'result.images']));
    expect(rows.map((r) => [r.node.path, r.depth, r.parent])).toEqual([
      ['job', 1, -1],
      ['result', 1, -1],
      ['result.images', 2, 1],
      ['result.images.0', 3, 2],
      ['result.images.1', 3, 2],
      ['n', 1, -1],
    ]);
    expect(rows[2]).toMatchObject({ expandable: true, expanded: true });
    expect(rows[3]).toMatchObject({ expandable: true, expanded: false });
    expect(visibleRows(answerTree('plain'), new Set())).toEqual([]);
  });

  it('keys follow the tree pattern: arrows move, open and close, go to the parent; Enter and Space choose', () => {
    const rows = visibleRows(root, new Set(['result']));
    // job, result, result.images, n
    expect(treeKey(rows, 0, 'ArrowDown')).toEqual({ focus: 1 });
    expect(treeKey(rows, 3, 'ArrowDown')).toEqual({ focus: 3 });
    expect(treeKey(rows, 0, 'ArrowUp')).toEqual({ focus: 0 });
    expect(treeKey(rows, 0, 'ArrowRight')).toEqual({ toggle: 'job', focus: 0 });
    expect(treeKey(rows, 1, 'ArrowRight')).toEqual({ focus: 2 });
    expect(treeKey(rows, 1, 'ArrowLeft')).toEqual({ toggle: 'result', focus: 1 });
    expect(treeKey(rows, 2, 'ArrowLeft')).toEqual({ focus: 1 });
    expect(treeKey(rows, 3, 'ArrowRight')).toBeNull();
    expect(treeKey(rows, 2, 'End')).toEqual({ focus: 3 });
    expect(treeKey(rows, 2, 'Home')).toEqual({ focus: 0 });
    expect(treeKey(rows, 3, 'Enter')).toEqual({ choose: 3 });
    expect(treeKey(rows, 3, ' ')).toEqual({ choose: 3 });
    expect(treeKey(rows, 3, 'x')).toBeNull();
  });

  it('a field inside a list can be saved as itself or as every item of the list', () => {
    expect(pathChoices('result.images.0.b64')).toEqual(['result.images.0.b64', 'result.images.*.b64']);
    expect(pathChoices('a.0.b.1.c')).toEqual(['a.0.b.1.c', 'a.0.b.*.c']);
    expect(pathChoices('job.id')).toEqual(['job.id']);
    expect(pathChoices('a..b')).toEqual([]);
  });

  it('guesses what a field holds from its value and name', () => {
    expect(guessRole({ label: 'b64', value: 'A'.repeat(300) })).toBe('media');
    expect(guessRole({ label: 'src', value: 'https://cdn.example/a.png' })).toBe('media');
    expect(guessRole({ label: '0', value: { url: 'x' } })).toBe('media');
    expect(guessRole({ label: 'job_id', value: 'j-1' })).toBe('jobId');
    expect(guessRole({ label: 'id', value: 7 })).toBe('jobId');
    expect(guessRole({ label: 'caption', value: 'A red square.' })).toBe('text');
  });

  it('knows when saving will download (a web address) rather than read inline data', () => {
    expect(needsDownload('https://cdn.example/a.png')).toBe(true);
    expect(needsDownload([{ url: 'https://cdn.example/a.png' }])).toBe(true);
    expect(needsDownload('iVBORw0KGgo=')).toBe(false);
  });
});

describe('words', () => {
  it('an accepted job may still be finished and billed by the platform', () => {
    expect(platformJobNote({ state: 'running', remoteJobId: 'j-1' })).toMatch(
      /Cancelling stops Atelier asking about it; the platform may still finish it, and bill it/,
    );
    expect(platformJobNote({ state: 'cancelled', remoteJobId: 'j-1' })).toMatch(
      /stopped asking about platform job j-1/,
    );
    expect(platformJobNote({ state: 'succeeded', remoteJobId: 'j-1' })).toBeNull();
    expect(platformJobNote({ state: 'running', remoteJobId: null })).toBeNull();
  });

  it('diff lines by their mark', () => {
    expect(['+ a', '- b', '  c', '…'].map(diffLineKind)).toEqual(['added', 'removed', 'kept', 'skipped']);
  });
});
