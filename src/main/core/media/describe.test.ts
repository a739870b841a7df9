import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { describeMedia, mediaFields, type PreviewStore, storePreview } from './describe';
import { NO_MEDIA_TOOLS } from './media-tools';
import { makeImage } from './test-media';

const tmp = tempDirs('describe');

/** A store that remembers what it was given; `existing` holds what it already had. */
function memoryStore(existing = new Set<string>()): PreviewStore & { puts: Buffer[] } {
  const puts: Buffer[] = [];
  return {
    puts,
    async putBuffer(data) {
      puts.push(data);
      const sha256 = `sha-${data.length}`;
      const existed = existing.has(sha256);
      existing.add(sha256);
      return { sha256, existed };
    },
  };
}

describe('describeMedia', () => {
  it('takes what probing learned, with null for what it could not', () => {
    const d = describeMedia({ kind: 'audio', mime: 'audio/mpeg', size: 10, probe: { durationMs: 1500 } });
    expect(d).toEqual({ kind: 'audio', mime: 'audio/mpeg', size: 10, width: null, height: null, durationMs: 1500 });
  });

  it('lets declared values win over probing, and keeps probing where nothing is declared', () => {
    const d = describeMedia(
      { kind: 'video', mime: 'video/mp4', size: 5, probe: { width: 640, height: 360, durationMs: 2000 } },
      { width: 1280, height: null, durationMs: undefined },
    );
    expect(d).toMatchObject({ width: 1280, height: 360, durationMs: 2000 });
  });

  it("keeps a video's frame rate when probing found one, and stores it as fps", () => {
    const probe = { width: 640, height: 360, durationMs: 2000, fps: 29.97 };
    const d = describeMedia({ kind: 'video', mime: 'video/mp4', size: 5, probe });
    expect(d.fps).toBe(29.97);
    expect(mediaFields(d)).toMatchObject({ fps: 29.97, duration_ms: 2000 });
  });
});

describe('mediaFields', () => {
  it('names the record fields and leaves out what is unknown', () => {
    expect(mediaFields({ kind: 'image', mime: 'image/png', size: 3, width: 4, height: 5, durationMs: null })).toEqual({
      kind: 'image',
      mime_type: 'image/png',
      size_bytes: 3,
      width: 4,
      height: 5,
    });
    expect(
      mediaFields({ kind: 'audio', mime: 'audio/wav', size: 1, width: null, height: null, durationMs: 7 }),
    ).toEqual({ kind: 'audio', mime_type: 'audio/wav', size_bytes: 1, duration_ms: 7 });
  });
});

describe('storePreview', () => {
  it('stores a preview of a picture and says whether this call stored it', async () => {
    const file = await makeImage(tmp(), 'pic.png', { width: 100, height: 50 });
    const store = memoryStore();
    const first = await storePreview(file, { kind: 'image', durationMs: null }, NO_MEDIA_TOOLS, store);
    expect(first).toMatchObject({ state: 'ready', created: true });
    const again = await storePreview(file, { kind: 'image', durationMs: null }, NO_MEDIA_TOOLS, store);
    expect(again).toMatchObject({ state: 'ready', created: false });
    expect(store.puts).toHaveLength(2);
  });

  it('stores nothing for sound or a picture it cannot read, and says why', async () => {
    const store = memoryStore();
    const junk = path.join(tmp(), 'junk.png');
    fs.writeFileSync(junk, 'not a picture at all');
    expect(await storePreview(junk, { kind: 'audio', durationMs: 1000 }, NO_MEDIA_TOOLS, store)).toEqual({
      state: 'placeholder',
      reason: 'audio',
    });
    expect(await storePreview(junk, { kind: 'image', durationMs: null }, NO_MEDIA_TOOLS, store)).toMatchObject({
      state: 'placeholder',
    });
    expect(store.puts).toHaveLength(0);
  });
});
