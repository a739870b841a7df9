// Levels in dBFS: 0 is full scale; digital silence is reported as -120.

export const SILENCE_DBFS = -45;
const FLOOR_DBFS = -120;

export function toDbfs(amplitude: number): number {
  return amplitude > 0 ? Math.max(FLOOR_DBFS, 20 * Math.log10(amplitude)) : FLOOR_DBFS;
}

export interface AudioSegment {
  startS: number;
  endS: number;
  kind: 'sound' | 'silence';
  rmsDbfs: number;
  /** Rough pitch from zero crossings, for sound segments. */
  frequencyHz: number | null;
}

export interface Loudness {
  rmsDbfs: number;
  peakDbfs: number;
  silenceRatio: number;
  segments: AudioSegment[];
}

function measure(samples: Float32Array, start: number, end: number) {
  let sumSquares = 0;
  let peak = 0;
  let crossings = 0;
  for (let i = start; i < end; i++) {
    const v = samples[i] ?? 0;
    sumSquares += v * v;
    peak = Math.max(peak, Math.abs(v));
    if (i > 0 && (samples[i - 1] ?? 0) < 0 !== v < 0) crossings++;
  }
  const count = Math.max(1, end - start);
  return { sumSquares, peak, crossings, rms: Math.sqrt(sumSquares / count) };
}

/** Overall levels plus 50 ms windows merged into runs of sound and silence. */
export function analyseLoudness(samples: Float32Array, sampleRate: number): Loudness {
  const all = measure(samples, 0, samples.length);
  const window = Math.max(1, Math.round(sampleRate * 0.05));
  const segments: (AudioSegment & { sumSquares: number; crossings: number; count: number })[] = [];
  let silentWindows = 0;
  let windows = 0;
  for (let start = 0; start < samples.length; start += window) {
    const end = Math.min(samples.length, start + window);
    const m = measure(samples, start, end);
    const kind = toDbfs(m.rms) < SILENCE_DBFS ? 'silence' : 'sound';
    windows++;
    if (kind === 'silence') silentWindows++;
    const last = segments[segments.length - 1];
    if (last && last.kind === kind) {
      last.endS = end / sampleRate;
      last.sumSquares += m.sumSquares;
      last.crossings += m.crossings;
      last.count += end - start;
    } else {
      segments.push({
        startS: start / sampleRate,
        endS: end / sampleRate,
        kind,
        rmsDbfs: 0,
        frequencyHz: null,
        sumSquares: m.sumSquares,
        crossings: m.crossings,
        count: end - start,
      });
    }
  }
  return {
    rmsDbfs: toDbfs(all.rms),
    peakDbfs: toDbfs(all.peak),
    silenceRatio: windows === 0 ? 1 : silentWindows / windows,
    segments: segments.map(({ sumSquares, crossings, count, ...segment }) => ({
      ...segment,
      rmsDbfs: toDbfs(Math.sqrt(sumSquares / Math.max(1, count))),
      frequencyHz: segment.kind === 'sound' ? Math.round((crossings * sampleRate) / (2 * Math.max(1, count))) : null,
    })),
  };
}
