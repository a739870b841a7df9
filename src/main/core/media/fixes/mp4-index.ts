import fs from 'node:fs/promises';

/**
 * The keyframes of an MP4 or QuickTime file's first video track, read from its index (the `moov`
 * box) in this process: a trim then needs no ffprobe run, whose start alone costs more than the cut.
 * Times are as ffmpeg reads them (edit list applied, from the file's start), in seconds.
 */
export interface Mp4Keyframe {
  /** When it is shown. */
  pts: number;
  /** When it is decoded (earlier than pts when frames are reordered). */
  dts: number;
}

/** A `moov` larger than this is left to ffprobe (hours of video at a high frame rate). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** More samples than this in a track (days of video) means a damaged index: ffprobe decides. */
const MAX_SAMPLES = 20_000_000;
/** The first samples whose times are looked at to find a track's start (reordering spans a few frames). */
const START_SAMPLES = 64;

interface Box {
  type: string;
  /** Where its content starts and ends in the buffer. */
  start: number;
  end: number;
}

/** Thrown inside the parser for anything it does not handle; the caller then asks ffprobe. */
class Unsupported extends Error {}

function* boxes(buf: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) throw new Unsupported('short box header');
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) throw new Unsupported(`box ${type} runs past its parent`);
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function child(buf: Buffer, parent: Box, type: string): Box | undefined {
  for (const b of boxes(buf, parent.start, parent.end)) if (b.type === type) return b;
  return undefined;
}

function need(box: Box | undefined, what: string): Box {
  if (!box) throw new Unsupported(`no ${what}`);
  return box;
}

/** A full box's table: its entry count and where its entries start (after version, flags and count). */
function table(buf: Buffer, box: Box, entryBytes: number): { count: number; at: number; version: number } {
  const version = buf.readUInt8(box.start);
  const count = buf.readUInt32BE(box.start + 4);
  const at = box.start + 8;
  if (at + count * entryBytes > box.end) throw new Unsupported('table runs past its box');
  return { count, at, version };
}

interface Track {
  handler: string;
  timescale: number;
  /** The edit list's media time (the track's first shown time), 0 without one. */
  mediaTime: number;
  edited: boolean;
  /** Decode and presentation times of each sample, in the track's timescale. */
  dts: Float64Array;
  cts: Float64Array;
  /** Sample numbers (from 1) of the keyframes; null: every sample is one. */
  sync: Uint32Array | null;
}

function editOf(buf: Buffer, trak: Box): { mediaTime: number; edited: boolean } {
  const edts = child(buf, trak, 'edts');
  const elst = edts && child(buf, edts, 'elst');
  if (!elst) return { mediaTime: 0, edited: false };
  const version = buf.readUInt8(elst.start);
  const entry = version === 1 ? 20 : 12;
  const { count, at } = table(buf, elst, entry);
  // One plain edit (a start offset at normal speed) is what encoders write; anything else goes to ffprobe.
  if (count !== 1) throw new Unsupported('an edit list of several entries');
  const mediaTime = version === 1 ? Number(buf.readBigInt64BE(at + 8)) : buf.readInt32BE(at + 4);
  const rate = buf.readInt16BE(at + (version === 1 ? 16 : 8));
  if (mediaTime < 0 || rate !== 1) throw new Unsupported('an empty or slowed edit');
  return { mediaTime, edited: true };
}

function sampleTimes(buf: Buffer, stbl: Box): { dts: Float64Array; cts: Float64Array } {
  const stts = table(buf, need(child(buf, stbl, 'stts'), 'stts'), 8);
  let total = 0;
  for (let i = 0; i < stts.count; i++) total += buf.readUInt32BE(stts.at + i * 8);
  if (total > MAX_SAMPLES) throw new Unsupported('an implausible number of samples');
  const dts = new Float64Array(total);
  let n = 0;
  let t = 0;
  for (let i = 0; i < stts.count; i++) {
    const count = buf.readUInt32BE(stts.at + i * 8);
    const delta = buf.readUInt32BE(stts.at + i * 8 + 4);
    for (let k = 0; k < count; k++, n++, t += delta) dts[n] = t;
  }
  const cts = Float64Array.from(dts);
  const cttsBox = child(buf, stbl, 'ctts');
  if (cttsBox) {
    const ctts = table(buf, cttsBox, 8);
    let s = 0;
    for (let i = 0; i < ctts.count; i++) {
      const count = buf.readUInt32BE(ctts.at + i * 8);
      // Read signed whatever the version, as ffmpeg does.
      const offset = buf.readInt32BE(ctts.at + i * 8 + 4);
      for (let k = 0; k < count && s < total; k++, s++) cts[s] = (dts[s] ?? 0) + offset;
    }
  }
  return { dts, cts };
}

function trackOf(buf: Buffer, trak: Box): Track {
  const mdia = need(child(buf, trak, 'mdia'), 'mdia');
  const mdhd = need(child(buf, mdia, 'mdhd'), 'mdhd');
  const timescale = buf.readUInt32BE(mdhd.start + (buf.readUInt8(mdhd.start) === 1 ? 20 : 12));
  if (timescale <= 0) throw new Unsupported('a track without a timescale');
  const hdlr = need(child(buf, mdia, 'hdlr'), 'hdlr');
  const handler = buf.toString('latin1', hdlr.start + 8, hdlr.start + 12);
  const stbl = need(child(buf, need(child(buf, mdia, 'minf'), 'minf'), 'stbl'), 'stbl');
  const { dts, cts } = sampleTimes(buf, stbl);
  const stssBox = child(buf, stbl, 'stss');
  let sync: Uint32Array | null = null;
  if (stssBox) {
    const stss = table(buf, stssBox, 4);
    sync = new Uint32Array(stss.count);
    for (let i = 0; i < stss.count; i++) sync[i] = buf.readUInt32BE(stss.at + i * 4);
  }
  return { handler, timescale, ...editOf(buf, trak), dts, cts, sync };
}

/** When a track is first shown, in seconds: as ffmpeg sets a stream's start time. */
function trackStart(track: Track): number {
  let first = Infinity;
  for (let i = 0; i < Math.min(START_SAMPLES, track.cts.length); i++) first = Math.min(first, track.cts[i] ?? Infinity);
  if (first === Infinity) return Infinity;
  const start = (first - track.mediaTime) / track.timescale;
  return track.edited ? Math.max(0, start) : start;
}

/** The `moov` box's bytes, found by walking the top-level boxes (it may sit before or after the media). */
async function readMoov(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(16);
    let at = 0;
    let first = true;
    while (at + 8 <= size) {
      const { bytesRead } = await handle.read(head, 0, 16, at);
      if (bytesRead < 8) break;
      let length = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      // An ISO file starts with one of these; anything else is not for this reader.
      if (first && !['ftyp', 'moov', 'free', 'wide', 'mdat', 'skip'].includes(type)) throw new Unsupported(type);
      first = false;
      let header = 8;
      if (length === 1 && bytesRead === 16) {
        length = Number(head.readBigUInt64BE(8));
        header = 16;
      } else if (length === 0) length = size - at;
      if (length < header) throw new Unsupported('a damaged top-level box');
      if (type === 'moof') throw new Unsupported('a fragmented file');
      if (type === 'moov') {
        if (length > MAX_MOOV_BYTES) throw new Unsupported('a very large index');
        const moov = Buffer.alloc(length - header);
        const read = await handle.read(moov, 0, moov.length, at + header);
        if (read.bytesRead !== moov.length) throw new Unsupported('a cut-off index');
        return moov;
      }
      at += length;
    }
    throw new Unsupported('no moov');
  } finally {
    await handle.close();
  }
}

/**
 * The keyframes of the first video track, in order, or null when this reader cannot tell for sure
 * (not an ISO file, fragmented, several edits, damaged): the caller then asks ffprobe.
 */
export async function mp4Keyframes(file: string): Promise<Mp4Keyframe[] | null> {
  try {
    const moov = await readMoov(file);
    const root = { type: 'moov', start: 0, end: moov.length };
    if (child(moov, root, 'mvex')) return null;
    const tracks = [...boxes(moov, 0, moov.length)].filter((b) => b.type === 'trak').map((b) => trackOf(moov, b));
    const video = tracks.find((t) => t.handler === 'vide');
    if (!video || video.dts.length === 0) return null;
    const start = Math.min(...tracks.map(trackStart));
    if (!Number.isFinite(start)) return null;
    const numbers = video.sync ?? Uint32Array.from(video.dts, (_, i) => i + 1);
    const keyframes: Mp4Keyframe[] = [];
    for (const n of numbers) {
      const i = n - 1;
      const dts = video.dts[i];
      const cts = video.cts[i];
      if (dts === undefined || cts === undefined) return null;
      const pts = (cts - video.mediaTime) / video.timescale - start;
      keyframes.push({ pts, dts: (dts - video.mediaTime) / video.timescale - start });
    }
    return keyframes;
  } catch {
    // Unsupported, out of range or unreadable: ffprobe decides (and says in words what is wrong).
    return null;
  }
}
