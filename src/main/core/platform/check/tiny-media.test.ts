import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tinyPng, tinyWav } from './tiny-media';

describe('tiny generated inputs', () => {
  it('a valid 16×16 RGB PNG: signature, sizes, checksums and pixel data', () => {
    const { bytes, mimeType } = tinyPng();
    expect(mimeType).toBe('image/png');
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    let at = 8;
    const chunks: { type: string; data: Buffer }[] = [];
    while (at < bytes.length) {
      const length = bytes.readUInt32BE(at);
      const type = bytes.toString('ascii', at + 4, at + 8);
      const data = bytes.subarray(at + 8, at + 8 + length);
      expect(bytes.readUInt32BE(at + 8 + length)).toBe(zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) >>> 0);
      chunks.push({ type, data });
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([16, 16, 8, 2]);
    expect(zlib.inflateSync(chunks[1]!.data)).toHaveLength(16 * (1 + 16 * 3));
  });

  it('a valid PCM WAV: header fields match the samples', () => {
    const { bytes, mimeType } = tinyWav(0.25, 8000);
    expect(mimeType).toBe('audio/wav');
    expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
    expect(bytes.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
    expect([bytes.readUInt16LE(20), bytes.readUInt16LE(22), bytes.readUInt32LE(24), bytes.readUInt16LE(34)]).toEqual([
      1, 1, 8000, 16,
    ]);
    expect(bytes.readUInt32LE(40)).toBe(2000 * 2);
    expect(bytes.length).toBe(44 + 4000);
  });
});
