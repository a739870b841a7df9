import { InvalidMediaError } from './errors';

export interface WavAudio {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  encoding: 'pcm' | 'float';
  durationS: number;
  /** Channels mixed to mono, -1..1. */
  samples: Float32Array;
}

type SampleReader = (buf: Buffer, offset: number) => number;

function readerFor(encoding: 'pcm' | 'float', bits: number): SampleReader {
  if (encoding === 'float' && bits === 32) return (b, o) => b.readFloatLE(o);
  if (encoding === 'float' && bits === 64) return (b, o) => b.readDoubleLE(o);
  if (encoding === 'pcm' && bits === 8) return (b, o) => ((b[o] ?? 128) - 128) / 128;
  if (encoding === 'pcm' && bits === 16) return (b, o) => b.readInt16LE(o) / 32768;
  if (encoding === 'pcm' && bits === 24) return (b, o) => b.readIntLE(o, 3) / 8388608;
  if (encoding === 'pcm' && bits === 32) return (b, o) => b.readInt32LE(o) / 2147483648;
  throw new InvalidMediaError(`unsupported WAV sample format: ${bits}-bit ${encoding}`);
}

/** Reads a RIFF/WAVE file: PCM 8/16/24/32-bit or IEEE float, plain or WAVE_FORMAT_EXTENSIBLE. */
export function parseWav(data: Buffer): WavAudio {
  if (data.length < 12 || data.toString('ascii', 0, 4) !== 'RIFF' || data.toString('ascii', 8, 12) !== 'WAVE') {
    throw new InvalidMediaError('input is not a WAV file (expected a RIFF/WAVE header)');
  }
  let fmt: { format: number; channels: number; sampleRate: number; blockAlign: number; bits: number } | null = null;
  let pcm: Buffer | null = null;
  for (let offset = 12; offset + 8 <= data.length;) {
    const id = data.toString('ascii', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    const body = data.subarray(offset + 8, Math.min(data.length, offset + 8 + size));
    if (id === 'fmt ' && body.length >= 16) {
      let format = body.readUInt16LE(0);
      if (format === 0xfffe && body.length >= 26) format = body.readUInt16LE(24);
      fmt = {
        format,
        channels: body.readUInt16LE(2),
        sampleRate: body.readUInt32LE(4),
        blockAlign: body.readUInt16LE(12),
        bits: body.readUInt16LE(14),
      };
    } else if (id === 'data') {
      pcm = body;
    }
    offset += 8 + size + (size % 2);
  }
  if (!fmt) throw new InvalidMediaError('WAV file has no "fmt " chunk');
  if (!pcm) throw new InvalidMediaError('WAV file has no "data" chunk');
  if (fmt.format !== 1 && fmt.format !== 3) throw new InvalidMediaError(`unsupported WAV format code ${fmt.format}`);
  if (fmt.channels < 1 || fmt.sampleRate < 1 || fmt.blockAlign < 1)
    throw new InvalidMediaError('WAV header is inconsistent');
  const encoding = fmt.format === 3 ? 'float' : 'pcm';
  const read = readerFor(encoding, fmt.bits);
  const bytesPerSample = fmt.bits / 8;
  if (fmt.blockAlign < bytesPerSample * fmt.channels) throw new InvalidMediaError('WAV block alignment is too small');
  const frames = Math.floor(pcm.length / fmt.blockAlign);
  const samples = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < fmt.channels; c++) sum += read(pcm, f * fmt.blockAlign + c * bytesPerSample);
    samples[f] = sum / fmt.channels;
  }
  return {
    sampleRate: fmt.sampleRate,
    channels: fmt.channels,
    bitsPerSample: fmt.bits,
    encoding,
    durationS: frames / fmt.sampleRate,
    samples,
  };
}
