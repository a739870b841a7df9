import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../../test/support/temp-dirs';
import { expandImportPaths } from './walk';

const tmp = tempDirs('walk');

/** Creates files (with a little content unless given) under `root`; folders end with "/". */
function tree(root: string, entries: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(entries)) {
    const file = path.join(root, name);
    if (name.endsWith('/')) {
      fs.mkdirSync(file, { recursive: true });
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

describe('expandImportPaths', () => {
  it('walks nested folders in name order, leaving out hidden and unsupported files with a reason', async () => {
    const root = tmp();
    tree(root, {
      'b.png': 'png',
      'a.JPG': 'jpeg!',
      'notes.txt': 'text',
      '.DS_Store': 'x',
      '.cache/hidden.png': 'png',
      'trip/day 2/clip.mp4': 'video-bytes',
      'trip/day 1/song.mp3': 'mp3',
      'trip/day 1/.thumbs.webp': 'webp',
      'trip/empty.gif': '',
      'trip/readme': 'no extension',
      'empty folder/': '',
    });
    const result = await expandImportPaths([root]);
    expect(result.files).toEqual([
      { path: path.join(root, 'a.JPG'), size: 5 },
      { path: path.join(root, 'b.png'), size: 3 },
      { path: path.join(root, 'trip/day 1/song.mp3'), size: 3 },
      { path: path.join(root, 'trip/day 2/clip.mp4'), size: 11 },
    ]);
    expect(result.skipped).toEqual([
      { path: path.join(root, '.DS_Store'), reason: 'Hidden files are not imported.' },
      { path: path.join(root, '.cache'), reason: 'Hidden folders are not imported.' },
      { path: path.join(root, 'notes.txt'), reason: 'TXT files are not supported by the library.' },
      { path: path.join(root, 'trip/day 1/.thumbs.webp'), reason: 'Hidden files are not imported.' },
      { path: path.join(root, 'trip/empty.gif'), reason: 'The file is empty.' },
      { path: path.join(root, 'trip/readme'), reason: 'Files without a recognisable media type are not supported.' },
    ]);
    // Same answer every time.
    expect(await expandImportPaths([root])).toEqual(result);
  });

  it('takes files as given, in the given order, whatever their names: the intake judges their content', async () => {
    const root = tmp();
    tree(root, {
      'z.webm': 'webm',
      '.secret.png': 'png',
      'photo.dat': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      'doc.pdf': '%PDF',
    });
    const given = ['z.webm', '.secret.png', 'photo.dat', 'doc.pdf', 'missing.mov'].map((n) => path.join(root, n));
    const result = await expandImportPaths(given);
    expect(result.files.map((f) => path.basename(f.path))).toEqual(['z.webm', '.secret.png', 'photo.dat', 'doc.pdf']);
    expect(result.skipped).toEqual([
      {
        path: path.join(root, 'missing.mov'),
        reason: 'It no longer exists, or it is a link to something that was moved or deleted.',
      },
    ]);
  });

  it("says a name over the library's limit in the intake's words, and a merely long path as such", async () => {
    const root = tmp();
    const overlong = path.join(root, `${'n'.repeat(996)}.png`);
    const deep = path.join(root, `${'d'.repeat(300)}.png`);
    const result = await expandImportPaths([overlong, deep]);
    expect(result.skipped).toEqual([
      { path: overlong, reason: 'Its name is longer than 500 characters, the most the library keeps.' },
      { path: deep, reason: 'Its path is too long to open.' },
    ]);
  });

  it('follows links once: loops, broken links and duplicates are skipped with a reason', async () => {
    const root = tmp();
    tree(root, { 'media/a.png': 'png', 'media/sub/b.png': 'png' });
    fs.symlinkSync(path.join(root, 'media'), path.join(root, 'media/sub/loop'));
    fs.symlinkSync(path.join(root, 'media/a.png'), path.join(root, 'media/sub/link-to-a.png'));
    fs.symlinkSync(path.join(root, 'nowhere.png'), path.join(root, 'media/sub/broken.png'));
    fs.symlinkSync(path.join(root, 'media/sub/self.mov'), path.join(root, 'media/sub/self.mov'));
    const result = await expandImportPaths([path.join(root, 'media'), path.join(root, 'media/a.png')]);
    expect(result.files.map((f) => path.relative(root, f.path))).toEqual(['media/a.png', 'media/sub/b.png']);
    expect(result.skipped.map((s) => [path.relative(root, s.path), s.reason])).toEqual([
      ['media/sub/broken.png', 'It no longer exists, or it is a link to something that was moved or deleted.'],
      ['media/sub/link-to-a.png', 'This file is already in the list (it was given twice or reached through a link).'],
      ['media/sub/loop', 'This folder is already being imported (a link leads back to it).'],
      ['media/sub/self.mov', 'It is a link that leads back to itself.'],
      ['media/a.png', 'This file is already in the list (it was given twice or reached through a link).'],
    ]);
  });

  it('stops at the cap and says where, so the rest can be imported in another batch', async () => {
    const root = tmp();
    tree(root, Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${String(i).padStart(2, '0')}.png`, 'png'])));
    const result = await expandImportPaths([root, path.join(root, 'f00.png')], { maxFiles: 10 });
    expect(result.files).toHaveLength(10);
    expect(result.files.at(-1)?.path).toBe(path.join(root, 'f09.png'));
    expect(result.skipped).toEqual([
      {
        path: path.join(root, 'f10.png'),
        reason:
          'One import takes at most 10 files; this file and the rest were not added. Import them in another batch.',
      },
    ]);
  });

  it('lists at most 1,000 skipped entries, then one line with the count', async () => {
    const root = tmp();
    tree(
      root,
      Object.fromEntries(Array.from({ length: 1_005 }, (_, i) => [`doc${String(i).padStart(4, '0')}.txt`, 'x'])),
    );
    const result = await expandImportPaths([root]);
    expect(result.files).toEqual([]);
    expect(result.skipped).toHaveLength(1_001);
    expect(result.skipped.at(-1)).toEqual({
      path: path.join(root, 'doc1000.txt'),
      reason: '5 more files were skipped and are not listed, starting with this one.',
    });
  });

  it('reports a device or pipe as not a regular file', async () => {
    const result = await expandImportPaths(['/dev/null']);
    expect(result).toEqual({
      files: [],
      skipped: [{ path: '/dev/null', reason: 'It is not a regular file (a device, socket or pipe).' }],
    });
  });
});
