import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, login, testSandbox, toneThenSilence, writeWav } from '../test-support';

describe('wave2text', () => {
  let sandbox: Sandbox;
  let token: string;
  const wav = writeWav([toneThenSilence(8000, 1, 0.5, 440, 0.5)], 8000);
  beforeAll(async () => {
    sandbox = await testSandbox();
    token = (await login(sandbox)).access_token;
  });
  afterAll(() => sandbox.stop());

  const run = (model_id: string, image: Record<string, unknown>) =>
    call(sandbox.url, 'POST', '/v2/ai/wave2text', { token, body: { model_id, image } });

  it('transcribe-1 lists the stretches of sound and silence with pitch and level', async () => {
    const res = await run('transcribe-1', { data: wav.toString('base64') });
    expect(res.status).toBe(200);
    const lines = (res.body.text as string).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[0\.00-1\.00 s\] sound near 4[34]\d Hz at -9\.0 dBFS$/);
    expect(lines[1]).toBe('[1.00-1.50 s] (silence)');
  });

  it('analyze-1 reports duration, format, loudness and silence', async () => {
    const res = await run('analyze-1', { data: wav.toString('base64') });
    expect(res.body.text).toBe(
      'WAV audio: 1.50 s, 8000 Hz, 1 channel, 16-bit PCM. Loudness: RMS -10.8 dBFS, peak -6.0 dBFS. ' +
        'Silence: 33% of the recording.',
    );
    expect(res.body.metrics).toMatchObject({
      duration_s: 1.5,
      sample_rate: 8000,
      channels: 1,
      peak_dbfs: -6,
      silence_ratio: 0.333,
    });
  });

  it('mixes stereo to mono', async () => {
    const left = toneThenSilence(8000, 0.5, 0, 220, 0.25);
    const stereo = writeWav([left, left], 8000);
    const res = await run('analyze-1', { data: stereo.toString('base64') });
    expect(res.body.metrics).toMatchObject({ channels: 2, duration_s: 0.5, peak_dbfs: -12 });
  });

  it('refuses input that is not a WAV file', async () => {
    const res = await run('transcribe-1', { data: Buffer.from('ID3 not a wav').toString('base64') });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'invalid_media',
      message: 'input is not a WAV file (expected a RIFF/WAVE header)',
    });
  });
});
