import sharp from 'sharp';
import { parseFfprobeOutput, streamKinds } from '../../media/ffprobe-output';
import { intakeWords, refuse } from './intake-words';
import type { MediaTools } from '../../media/media-tools';
import { SHARP_DECODES } from '../../media/media-kind';
import { ffmpegInput, imageProbe, type MediaProbe, probeMedia } from '../../media/probe';
import { runTool } from '../../media/run-tool';

export type DecodableKind = 'image' | 'video' | 'audio';

export interface Decoded {
  /** What the streams inside say it is: an MP4 with only sound is audio. */
  kind: DecodableKind;
  mime: string;
  probe: MediaProbe;
}

export interface DecodeOptions {
  signal?: AbortSignal;
  /** Longest one ffprobe or ffmpeg run may take (default 20 s). */
  timeoutMs?: number;
  /** The whole file, when the caller holds it: an image then decodes from memory. */
  bytes?: Buffer;
}

/** Up to this many pixels a picture decodes at full size; a larger one is decoded shrunk, to bound memory. */
const FULL_DECODE_PIXELS = 512 * 512;

/**
 * How a tool run ended when it did not succeed: the decoder refused the file (a non-zero exit),
 * or it could not say (killed at the timeout, the tool gone): only a refusal means damage.
 */
function decoderRefused(e: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted) throw signal.reason;
  return typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'number';
}

/** Formats that hold one picture: decoding it tells its shown size, so its header need not be read first. */
const ONE_PICTURE: ReadonlySet<string> = new Set(['image/png', 'image/jpeg']);

/**
 * A small picture held in memory, decoded in one pass (one trip to sharp's threads instead of a
 * header read and then a decode): its size as shown, or null when it has too many pixels for a
 * full decode (then it is decoded shrunk, as any large picture). A damaged one is refused here.
 */
async function decodeSmall(bytes: Buffer): Promise<MediaProbe | null> {
  try {
    const { info } = await sharp(bytes, { failOn: 'error', limitInputPixels: FULL_DECODE_PIXELS, autoOrient: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height };
  } catch (e) {
    if (/pixel limit/i.test(e instanceof Error ? e.message : '')) return null;
    refuse(intakeWords.damaged('picture'));
  }
}

async function decodeImage(file: string, mime: string, tools: MediaTools, options: DecodeOptions): Promise<Decoded> {
  // HEIC and the like: sharp's build cannot decode them, so nothing here tells damage from an unknown codec.
  if (!SHARP_DECODES.has(mime)) return { kind: 'image', mime, probe: await probeMedia(file, 'image', tools, options) };
  const small = options.bytes && ONE_PICTURE.has(mime) ? await decodeSmall(options.bytes) : null;
  if (small) return { kind: 'image', mime, probe: small };
  // One reader for the header (the probe) and the decode: the file is opened once.
  const image = sharp(options.bytes ?? file, { failOn: 'error', sequentialRead: true });
  let probe: MediaProbe;
  try {
    const meta = await image.metadata();
    probe = imageProbe(meta);
    // A decode reads every row of the picture: a truncated or garbled file fails here. A small
    // picture decodes as it is (shrinking costs more than the decode); a large one shrunk.
    if (meta.width * meta.height > FULL_DECODE_PIXELS) image.resize(64, 64, { fit: 'inside' });
    await image.raw().toBuffer();
  } catch (e) {
    const limit = /pixel limit/i.test(e instanceof Error ? e.message : '');
    refuse(limit ? intakeWords.tooManyPixels(0x3fff * 0x3fff) : intakeWords.damaged('picture'));
  }
  return { kind: 'image', mime, probe };
}

/** The same container with the other kind of content ("video/mp4" holding only sound is "audio/mp4"). */
function otherKindMime(mime: string, kind: 'video' | 'audio'): string {
  if (mime === 'video/quicktime') return 'audio/mp4';
  return `${kind}/${mime.split('/')[1] ?? 'octet-stream'}`;
}

type RunResult = { ended: 'ok'; stdout: string } | { ended: 'refused' | 'unknown' };

async function run(tool: string, args: string[], options: DecodeOptions): Promise<RunResult> {
  try {
    const { stdout } = await runTool(tool, args, { timeoutMs: options.timeoutMs ?? 20_000, signal: options.signal });
    return { ended: 'ok', stdout: stdout.toString('utf8') };
  } catch (e) {
    return { ended: decoderRefused(e, options.signal) ? 'refused' : 'unknown' };
  }
}

/** Decodes the first frame (or second of sound), and the last second when the duration is known. */
async function decodeEnds(
  ffmpeg: string,
  file: string,
  kind: 'video' | 'audio',
  durationMs: number | undefined,
  options: DecodeOptions,
): Promise<boolean> {
  const base = ['-hide_banner', '-nostdin', '-v', 'error', '-xerror'];
  const select = kind === 'video' ? ['-map', '0:v:0', '-frames:v', '1'] : ['-map', '0:a:0', '-t', '1'];
  const runs = [[...base, '-i', ffmpegInput(file), ...select, '-f', 'null', '-']];
  if (durationMs !== undefined && durationMs > 0)
    runs.push([
      ...base,
      '-sseof',
      '-1',
      '-i',
      ffmpegInput(file),
      '-map',
      kind === 'video' ? '0:v:0' : '0:a:0',
      '-f',
      'null',
      '-',
    ]);
  for (const args of runs) if ((await run(ffmpeg, args, options)).ended === 'refused') return false;
  return true;
}

async function decodeTimed(
  file: string,
  kind: 'video' | 'audio',
  mime: string,
  tools: MediaTools,
  options: DecodeOptions,
): Promise<Decoded> {
  // Without ffprobe nothing can be checked: the file is taken as it is, as before ffmpeg was installed.
  if (!tools.ffprobe) return { kind, mime, probe: {} };
  const probed = await run(
    tools.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ffmpegInput(file)],
    options,
  );
  if (probed.ended === 'unknown') return { kind, mime, probe: {} };
  const json = probed.ended === 'ok' ? probed.stdout : '';
  const streams = streamKinds(json);
  if (!streams || (!streams.video && !streams.audio)) refuse(intakeWords.damaged(kind));
  const actual = streams[kind] ? kind : kind === 'video' ? 'audio' : 'video';
  const probe = parseFfprobeOutput(json, actual);
  if (tools.ffmpeg && !(await decodeEnds(tools.ffmpeg, file, actual, probe.durationMs, options)))
    refuse(intakeWords.damaged(actual));
  return { kind: actual, mime: actual === kind ? mime : otherKindMime(mime, actual), probe };
}

/**
 * Proves a file decodes, or refuses it as damaged or incomplete: sharp decodes images, ffprobe
 * reads the streams of video and sound and ffmpeg decodes both ends. A check that cannot run
 * (no ffprobe, a timeout) lets the file through unverified rather than refuse a good one.
 */
export async function verifyDecodes(
  file: string,
  kind: DecodableKind,
  mime: string,
  tools: MediaTools,
  options: DecodeOptions = {},
): Promise<Decoded> {
  return kind === 'image' ? decodeImage(file, mime, tools, options) : decodeTimed(file, kind, mime, tools, options);
}
