import { describe, expect, it } from 'vitest';
import { walkEntries } from './dropped-files';

/** Stand-ins for the browser's FileSystemEntry objects, as a folder drop hands them over. */
function file(name: string, fail = false): FileSystemFileEntry {
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath: `/${name}`,
    file: (ok: (f: File) => void, bad?: (e: DOMException) => void) =>
      fail ? bad?.(new DOMException('The file could not be read.', 'NotReadableError')) : ok(new File(['x'], name)),
  } as unknown as FileSystemFileEntry;
}

function folder(name: string, children: FileSystemEntry[], batch = 100): FileSystemDirectoryEntry {
  return {
    isFile: false,
    isDirectory: true,
    name,
    fullPath: `/${name}`,
    createReader: () => {
      let at = 0;
      // Like Chromium: a batch at a time, then an empty batch to say there is no more.
      return {
        readEntries: (ok: (entries: FileSystemEntry[]) => void) => {
          const next = children.slice(at, at + batch);
          at += next.length;
          setTimeout(() => ok(next), 0);
        },
      };
    },
  } as unknown as FileSystemDirectoryEntry;
}

describe('walking dropped folders', () => {
  it('finds every file under nested folders, past the first batch of a big folder', async () => {
    const many = Array.from({ length: 250 }, (_, i) => file(`frame-${i}.png`));
    const dropped = [
      folder('shoot', [file('a.png'), folder('nested', [file('b.jpg'), folder('empty', [])]), folder('big', many)]),
      file('loose.wav'),
    ];
    const found: number[] = [];
    const walked = await walkEntries(dropped, (n) => found.push(n));
    expect(walked.files).toHaveLength(253);
    expect(walked.files.map((f) => f.name).slice(0, 2)).toEqual(['a.png', 'b.jpg']);
    expect(walked.files.at(-1)?.name).toBe('loose.wav');
    expect(walked.failed).toEqual([]);
    expect(found.at(-1)).toBe(253);
  });

  it('reports a file it cannot read and keeps the rest', async () => {
    const walked = await walkEntries([folder('shoot', [file('ok.png'), file('locked.png', true), file('ok2.png')])]);
    expect(walked.files.map((f) => f.name)).toEqual(['ok.png', 'ok2.png']);
    expect(walked.failed).toEqual([{ path: '/locked.png', message: 'The file could not be read.' }]);
  });
});
