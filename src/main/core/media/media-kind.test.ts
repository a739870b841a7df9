import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../../../../test/support/temp-dirs';
import {
  detectMediaType,
  IMPORTABLE_EXTENSIONS,
  isImportableExtension,
  mediaTypeFromExtension,
  sniffMediaType,
} from './media-kind';
import { makeAudio, makeImage, makeVideo } from './test-media';

const tmp = tempDirs('media-kind');

/** Copies a file under a misleading name, so only its bytes can tell what it is. */
function misnamed(file: string, name: string): string {
  const target = path.join(path.dirname(file), name);
  fs.copyFileSync(file, target);
  return target;
}

describe('detectMediaType', () => {
  it('recognises real images by their bytes, even with a wrong extension', async () => {
    const dir = tmp();
    const cases = [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['gif', 'image/gif'],
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
      ['tiff', 'image/tiff'],
    ] as const;
    for (const [format, mime] of cases) {
      const file = misnamed(await makeImage(dir, `source.${format}`, { format }), `${format}-as.mp3`);
      expect(await detectMediaType(file), format).toEqual({ kind: 'image', mime, by: 'magic' });
    }
  });

  it('recognises real videos by their bytes, even with a wrong extension', async () => {
    const dir = tmp();
    const cases = [
      ['clip.mp4', 'video/mp4', []],
      ['clip.mov', 'video/quicktime', []],
      ['clip.webm', 'video/webm', ['-c:v', 'libvpx', '-deadline', 'realtime']],
      ['clip.mkv', 'video/x-matroska', []],
      ['clip.avi', 'video/x-msvideo', []],
    ] as const;
    for (const [name, mime, extra] of cases) {
      const file = misnamed(await makeVideo(dir, name, { seconds: 1, extra: [...extra] }), `${name}.png`);
      expect(await detectMediaType(file), name).toEqual({ kind: 'video', mime, by: 'magic' });
    }
  });

  it('recognises real audio by its bytes, even with a wrong extension', async () => {
    const dir = tmp();
    const cases = [
      ['tone.mp3', 'audio/mpeg', []],
      // No ID3 tag: recognised by the MPEG frame header alone.
      ['bare.mp3', 'audio/mpeg', ['-id3v2_version', '0', '-write_xing', '0']],
      ['tone.wav', 'audio/wav', []],
      ['tone.ogg', 'audio/ogg', []],
      ['tone.opus', 'audio/ogg', []],
      ['tone.flac', 'audio/flac', []],
      ['tone.m4a', 'audio/mp4', []],
      ['tone.aac', 'audio/aac', []],
      ['tone.aiff', 'audio/aiff', []],
    ] as const;
    for (const [name, mime, extra] of cases) {
      const file = misnamed(await makeAudio(dir, name, { extra: [...extra] }), `${name}.jpg`);
      expect(await detectMediaType(file), name).toEqual({ kind: 'audio', mime, by: 'magic' });
    }
  });

  it('falls back to the extension when the bytes are not recognised, and says so', async () => {
    const dir = tmp();
    const heic = path.join(dir, 'IMG_0001.HEIC');
    fs.writeFileSync(heic, 'not really a heic file, but named like one');
    expect(await detectMediaType(heic)).toEqual({ kind: 'image', mime: 'image/heic', by: 'extension' });
    const notes = path.join(dir, 'notes.txt');
    fs.writeFileSync(notes, 'hello');
    expect(await detectMediaType(notes)).toEqual({ kind: 'other', mime: 'application/octet-stream', by: 'none' });
    expect(await detectMediaType(path.join(dir, 'missing.mp4'))).toEqual({
      kind: 'video',
      mime: 'video/mp4',
      by: 'extension',
    });
  });

  it('reads ISO brands: HEIC, generic HEIF and AVIF in compatible brands', () => {
    const ftyp = (major: string, ...compatible: string[]) => {
      const size = 16 + compatible.length * 4;
      const head = Buffer.alloc(64);
      head.writeUInt32BE(size, 0);
      head.write(`ftyp${major}`, 4, 'latin1');
      compatible.forEach((brand, i) => head.write(brand, 16 + i * 4, 'latin1'));
      return head;
    };
    expect(sniffMediaType(ftyp('heic', 'mif1', 'heic'))).toEqual({ kind: 'image', mime: 'image/heic' });
    expect(sniffMediaType(ftyp('mif1', 'mif1', 'avif'))).toEqual({ kind: 'image', mime: 'image/avif' });
    expect(sniffMediaType(ftyp('mif1', 'mif1'))).toEqual({ kind: 'image', mime: 'image/heif' });
    expect(sniffMediaType(ftyp('isom', 'isom', 'avc1'))).toEqual({ kind: 'video', mime: 'video/mp4' });
    expect(sniffMediaType(ftyp('3gp5'))).toEqual({ kind: 'video', mime: 'video/3gpp' });
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
    expect(sniffMediaType(Buffer.from('RIFF\0\0\0\0XYZW'))).toBeNull();
  });

  it('lists the importable extensions in lowercase without dots', () => {
    for (const ext of [
      'png',
      'jpg',
      'jpeg',
      'gif',
      'webp',
      'avif',
      'heic',
      'mp4',
      'mov',
      'webm',
      'mkv',
      'avi',
      'mp3',
      'wav',
      'ogg',
      'flac',
      'm4a',
    ]) {
      expect(IMPORTABLE_EXTENSIONS).toContain(ext);
    }
    expect(IMPORTABLE_EXTENSIONS.every((e) => e === e.toLowerCase() && !e.startsWith('.'))).toBe(true);
    expect(isImportableExtension('/a/B.JPG')).toBe(true);
    expect(isImportableExtension('/a/b.docx')).toBe(false);
    expect(isImportableExtension('/a/png')).toBe(false);
    expect(mediaTypeFromExtension('x.MOV')).toEqual({ kind: 'video', mime: 'video/quicktime' });
  });
});
