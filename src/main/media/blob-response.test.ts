import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it, vi } from 'vitest';
import { tempDirs } from '../../../test/support/temp-dirs';
import { blobReply, readSlice } from './blob-response';

const tempDir = tempDirs('blob-response');
const SHA = 'ab'.repeat(32);

const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64)]);
const riff = (form: string) => Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from(form)]);
const SAMPLES: [string, Buffer][] = [
  ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
  ['image/gif', Buffer.from('GIF89a')],
  ['image/webp', riff('WEBP')],
  ['audio/wav', riff('WAVE')],
  ['video/mp4', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isommp42')])],
  ['video/webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from('webm')])],
  ['audio/mpeg', Buffer.from('ID3\x04\0')],
  ['audio/ogg', Buffer.from('OggS\0\x02')],
  ['application/octet-stream', Buffer.from('<html><script>alert(1)</script>')],
];

function blobOf(bytes: Buffer | string): { blobPath: (sha: string) => string | null; file: string } {
  const file = path.join(tempDir(), 'blob');
  fs.writeFileSync(file, bytes);
  return { file, blobPath: (sha) => (sha === SHA ? file : null) };
}

describe('blobReply', () => {
  it.each(SAMPLES)('sends %s from the first bytes, cacheable for good', async (type, head) => {
    const media = blobOf(pad(head));
    const reply = await blobReply(media, SHA, undefined);
    expect(reply.status).toBe(200);
    expect(reply.headers).toMatchObject({
      'Content-Type': type,
      'Content-Length': String(head.length + 64),
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
    });
    expect(reply.body).toEqual({ file: media.file, start: 0, end: head.length + 63 });
  });

  it('answers a range with 206 and exactly those bytes', async () => {
    const media = blobOf('0123456789abcdefghij');
    const reply = await blobReply(media, SHA, 'bytes=5-9');
    expect(reply.status).toBe(206);
    expect(reply.headers).toMatchObject({ 'Content-Range': 'bytes 5-9/20', 'Content-Length': '5' });
    expect(await text(readSlice(reply.body!))).toBe('56789');
    const tail = await blobReply(media, SHA, 'bytes=-3');
    expect(await text(readSlice(tail.body!))).toBe('hij');
  });

  it('answers a range past the end with 416 and the size', async () => {
    const reply = await blobReply(blobOf('0123456789'), SHA, 'bytes=10-');
    expect(reply).toMatchObject({
      status: 416,
      body: null,
      headers: { 'Content-Range': 'bytes */10', 'Cache-Control': 'no-store' },
    });
  });

  it('serves an empty blob without a body', async () => {
    const reply = await blobReply(blobOf(''), SHA, null);
    expect(reply).toMatchObject({
      status: 200,
      body: null,
      headers: { 'Content-Length': '0', 'Content-Type': 'application/octet-stream' },
    });
  });

  it('never looks up anything but 64 lowercase hex, and does not cache a miss', async () => {
    const blobPath = vi.fn(() => '/etc/passwd');
    for (const sha of ['../../etc/passwd', 'AB'.repeat(32), 'ab'.repeat(31), `${'ab'.repeat(32)}/x`, '']) {
      expect((await blobReply({ blobPath }, sha, null)).status).toBe(404);
    }
    expect(blobPath).not.toHaveBeenCalled();
    const miss = await blobReply(blobOf('x'), 'cd'.repeat(32), null);
    expect(miss).toMatchObject({ status: 404, body: null, headers: { 'Cache-Control': 'no-store' } });
  });

  it('is a 404 when the path is gone or is not a file', async () => {
    const dir = tempDir();
    expect((await blobReply({ blobPath: () => path.join(dir, 'gone') }, SHA, null)).status).toBe(404);
    expect((await blobReply({ blobPath: () => dir }, SHA, null)).status).toBe(404);
  });
});
