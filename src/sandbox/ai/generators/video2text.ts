import { brightnessWord, colourName, toHex } from '../../media/colours';
import { summariseImage } from '../../media/image-summary';
import { audioLevels, grabFrame, probeVideo } from '../../media/probe-video';
import { mediaImage } from '../image-fields';
import { defineOperation } from '../operation';

export const video2text = defineOperation({
  input: 'video',
  output: 'text',
  models: {
    'describe-1': 'duration, size, frame rate, codecs, audio loudness and the colour of the middle frame',
  },
  schema: mediaImage,
  async run(image, _modelId, env) {
    const input = await env.readMedia(image);
    const video = await probeVideo(env.tools, input, env.signal);
    const frame = await summariseImage(await grabFrame(env.tools, input, video.durationS / 2, env.signal));
    const audio = video.hasAudio ? await audioLevels(env.tools, input, env.signal) : null;
    const levels = audio ? `, mean ${audio.meanDb.toFixed(1)} dB, peak ${audio.maxDb.toFixed(1)} dB` : '';
    const audioText = video.hasAudio ? `Audio: ${video.audioCodec ?? 'unknown codec'}${levels}.` : 'Audio: none.';
    const colour = `${colourName(frame.dominant)} (${toHex(frame.dominant)})`;
    const text = [
      `Video: ${video.durationS.toFixed(2)} s, ${video.width}x${video.height} at ${video.fps} fps (${video.codec}).`,
      audioText,
      `Middle frame: mostly ${colour}, ${brightnessWord(frame.brightness)}.`,
    ].join(' ');
    return {
      text,
      outputs: [],
      metrics: {
        duration_s: video.durationS,
        width: video.width,
        height: video.height,
        fps: video.fps,
        codec: video.codec,
        container: video.container,
        has_audio: video.hasAudio,
        audio_mean_db: audio?.meanDb ?? null,
        audio_peak_db: audio?.maxDb ?? null,
        middle_frame_color: toHex(frame.dominant),
      },
    };
  },
});
