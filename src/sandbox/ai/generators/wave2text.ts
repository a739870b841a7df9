import { analyseLoudness, type AudioSegment, type Loudness } from '../../media/loudness';
import { parseWav, type WavAudio } from '../../media/wav';
import { mediaImage } from '../image-fields';
import { defineOperation } from '../operation';

const MAX_SEGMENTS_IN_TEXT = 40;

function describeSegment(segment: AudioSegment): string {
  const span = `[${segment.startS.toFixed(2)}-${segment.endS.toFixed(2)} s]`;
  return segment.kind === 'silence'
    ? `${span} (silence)`
    : `${span} sound near ${segment.frequencyHz} Hz at ${segment.rmsDbfs.toFixed(1)} dBFS`;
}

/** A "transcript" of what can honestly be heard in a WAV without speech recognition: sound and silence. */
function transcript(loudness: Loudness): string {
  const lines = loudness.segments.slice(0, MAX_SEGMENTS_IN_TEXT).map(describeSegment);
  if (loudness.segments.length > MAX_SEGMENTS_IN_TEXT)
    lines.push(`... ${loudness.segments.length - MAX_SEGMENTS_IN_TEXT} more segments`);
  return lines.join('\n') || '(empty recording)';
}

function analysis(audio: WavAudio, loudness: Loudness): string {
  const channels = `${audio.channels} channel${audio.channels === 1 ? '' : 's'}`;
  const sampleFormat = `${audio.bitsPerSample}-bit ${audio.encoding === 'float' ? 'float' : 'PCM'}`;
  return [
    `WAV audio: ${audio.durationS.toFixed(2)} s, ${audio.sampleRate} Hz, ${channels}, ${sampleFormat}.`,
    `Loudness: RMS ${loudness.rmsDbfs.toFixed(1)} dBFS, peak ${loudness.peakDbfs.toFixed(1)} dBFS.`,
    `Silence: ${Math.round(loudness.silenceRatio * 100)}% of the recording.`,
  ].join(' ');
}

export const wave2text = defineOperation({
  input: 'audio',
  output: 'text',
  models: {
    'transcribe-1': 'one line per stretch of sound or silence, with pitch and level',
    'analyze-1': 'duration, format, loudness and share of silence',
  },
  schema: mediaImage,
  async run(image, modelId, env) {
    const audio = parseWav(await env.readMedia(image));
    const loudness = analyseLoudness(audio.samples, audio.sampleRate);
    return {
      text: modelId === 'analyze-1' ? analysis(audio, loudness) : transcript(loudness),
      outputs: [],
      metrics: {
        duration_s: Math.round(audio.durationS * 1000) / 1000,
        sample_rate: audio.sampleRate,
        channels: audio.channels,
        bits_per_sample: audio.bitsPerSample,
        rms_dbfs: Math.round(loudness.rmsDbfs * 10) / 10,
        peak_dbfs: Math.round(loudness.peakDbfs * 10) / 10,
        silence_ratio: Math.round(loudness.silenceRatio * 1000) / 1000,
        segments: loudness.segments.length,
      },
    };
  },
});
