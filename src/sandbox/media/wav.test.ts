import { describe, expect, it } from 'vitest';
import { toneThenSilence, writeWav } from '../test-support';
import { InvalidMediaError } from './errors';
import { analyseLoudness, toDbfs } from './loudness';
import { parseWav } from './wav';

function floatWav(samples: Float32Array, sampleRate: number, extensible: boolean): Buffer {
  const fmtSize = extensible ? 40 : 16;
  const data = Buffer.alloc(12 + 8 + fmtSize + 8 + samples.length * 4);
  data.write('RIFF', 0, 'ascii');
  data.writeUInt32LE(data.length - 8, 4);
  data.write('WAVE', 8, 'ascii');
  data.write('fmt ', 12, 'ascii');
  data.writeUInt32LE(fmtSize, 16);
  data.writeUInt16LE(extensible ? 0xfffe : 3, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(sampleRate, 24);
  data.writeUInt32LE(sampleRate * 4, 28);
  data.writeUInt16LE(4, 32);
  data.writeUInt16LE(32, 34);
  if (extensible) data.writeUInt16LE(3, 20 + 24);
  const start = 20 + fmtSize;
  data.write('data', start, 'ascii');
  data.writeUInt32LE(samples.length * 4, start + 4);
  samples.forEach((v, i) => data.writeFloatLE(v, start + 8 + i * 4));
  return data;
}

describe('parseWav', () => {
  it('reads 16-bit PCM and mixes channels', () => {
    const left = new Float32Array([0.5, -0.5, 0.25]);
    const right = new Float32Array([0.5, 0.5, 0.25]);
    const audio = parseWav(writeWav([left, right], 1000));
    expect(audio).toMatchObject({
      sampleRate: 1000,
      channels: 2,
      bitsPerSample: 16,
      encoding: 'pcm',
      durationS: 0.003,
    });
    expect([...audio.samples].map((v) => Math.round(v * 100) / 100)).toEqual([0.5, 0, 0.25]);
  });

  it('reads IEEE float, plain and WAVE_FORMAT_EXTENSIBLE', () => {
    for (const extensible of [false, true]) {
      const audio = parseWav(floatWav(new Float32Array([0.125, -1]), 44100, extensible));
      expect(audio.encoding).toBe('float');
      expect([...audio.samples]).toEqual([0.125, -1]);
    }
  });

  it('refuses files that are not WAV or lack chunks', () => {
    expect(() => parseWav(Buffer.from('nope'))).toThrow(InvalidMediaError);
    const header = writeWav([new Float32Array(0)], 8000).subarray(0, 36);
    expect(() => parseWav(header)).toThrow(/no "data" chunk/);
  });
});

describe('analyseLoudness', () => {
  it('finds sound and silence with level and pitch', () => {
    const samples = toneThenSilence(8000, 0.5, 0.5, 1000, 1);
    const loudness = analyseLoudness(samples, 8000);
    expect(loudness.peakDbfs).toBeCloseTo(0, 1);
    expect(loudness.silenceRatio).toBe(0.5);
    expect(loudness.segments).toEqual([
      expect.objectContaining({ kind: 'sound', startS: 0, endS: 0.5 }),
      expect.objectContaining({ kind: 'silence', startS: 0.5, endS: 1, frequencyHz: null }),
    ]);
    expect(loudness.segments[0]!.rmsDbfs).toBeCloseTo(-3, 0);
    expect(Math.abs(loudness.segments[0]!.frequencyHz! - 1000)).toBeLessThanOrEqual(2);
  });

  it('reports digital silence as -120 dBFS', () => {
    expect(toDbfs(0)).toBe(-120);
    expect(analyseLoudness(new Float32Array(100), 8000).rmsDbfs).toBe(-120);
  });
});
