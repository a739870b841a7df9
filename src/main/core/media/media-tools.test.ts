import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { detectMediaTools, NO_MEDIA_TOOLS } from './media-tools';

const tmp = tempDirs('media-tools');

function fakeTool(dir: string, name: string, executable = true): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, '#!/bin/sh\nexit 0\n', { mode: executable ? 0o755 : 0o644 });
  return file;
}

describe('detectMediaTools', () => {
  it('finds ffmpeg and ffprobe on PATH, skipping folders that do not have them', async () => {
    const empty = tmp();
    const bin = tmp();
    const ffmpeg = fakeTool(bin, 'ffmpeg');
    const ffprobe = fakeTool(bin, 'ffprobe');
    const tools = await detectMediaTools({ env: { PATH: [empty, bin].join(path.delimiter) }, platform: 'linux' });
    expect(tools).toEqual({ ffmpeg, ffprobe });
  });

  it('reports a tool as absent when it is missing or not executable', async () => {
    const bin = tmp();
    fakeTool(bin, 'ffmpeg', false);
    fs.mkdirSync(path.join(bin, 'ffprobe'));
    expect(await detectMediaTools({ env: { PATH: bin }, platform: 'linux' })).toEqual(NO_MEDIA_TOOLS);
    expect(await detectMediaTools({ env: {}, platform: 'linux' })).toEqual(NO_MEDIA_TOOLS);
  });

  it('prefers ATELIER_FFMPEG / ATELIER_FFPROBE, and "none" forces a tool off', async () => {
    const onPath = tmp();
    fakeTool(onPath, 'ffmpeg');
    fakeTool(onPath, 'ffprobe');
    const custom = fakeTool(tmp(), 'my-ffmpeg');
    const tools = await detectMediaTools({
      env: { PATH: onPath, ATELIER_FFMPEG: custom, ATELIER_FFPROBE: 'none' },
      platform: 'linux',
    });
    expect(tools).toEqual({ ffmpeg: custom, ffprobe: null });
    // A configured path that does not exist is absent, not silently replaced by the one on PATH.
    const wrong = await detectMediaTools({
      env: { PATH: onPath, ATELIER_FFMPEG: path.join(onPath, 'nope') },
      platform: 'linux',
    });
    expect(wrong.ffmpeg).toBeNull();
  });

  it('finds .exe tools on Windows through PATHEXT', async () => {
    const bin = tmp();
    const ffmpeg = fakeTool(bin, 'ffmpeg.exe', false);
    const tools = await detectMediaTools({ env: { Path: bin, PATHEXT: '.COM;.EXE' }, platform: 'win32' });
    expect(tools).toEqual({ ffmpeg, ffprobe: null });
  });

  it('caches the answer for the real environment until asked to look again', async () => {
    const first = detectMediaTools();
    expect(detectMediaTools()).toBe(first);
    const again = detectMediaTools({ refresh: true });
    expect(again).not.toBe(first);
    expect(await again).toEqual(await first);
    expect(detectMediaTools()).toBe(again);
  });
});
