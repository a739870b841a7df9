import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../server';
import { call, download, login, testSandbox } from '../test-support';

describe('image AI operations', () => {
  let sandbox: Sandbox;
  let token: string;
  let input: Buffer;
  beforeAll(async () => {
    sandbox = await testSandbox();
    token = (await login(sandbox)).access_token;
    // Left half red, right half blue: colour-sensitive models show their effect.
    const halves = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#d02020' } })
      .composite([
        { input: { create: { width: 40, height: 60, channels: 3, background: '#2040d0' } }, left: 40, top: 0 },
      ])
      .png()
      .toBuffer();
    input = await sharp(halves).removeAlpha().png().toBuffer();
  });
  afterAll(() => sandbox.stop());

  const run = (op: string, model_id: string, image: Record<string, unknown>) =>
    call(sandbox.url, 'POST', `/v2/ai/${op}`, { token, body: { model_id, image } });

  it('text2image renders a decodable PNG of the requested size, the same for the same prompt', async () => {
    for (const model of ['paint-1', 'mosaic-1']) {
      const a = await run('text2image', model, { prompt: 'a red fox in snow', width: 256, height: 192 });
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ operation: 'text2image', model_id: model, status: 'succeeded', text: null });
      const output = a.body.outputs[0];
      expect(output).toMatchObject({ mime_type: 'image/png', width: 256, height: 192 });
      const png = await download(output.url, token);
      expect(png.length).toBe(output.size_bytes);
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 256, height: 192 });
      const again = await run('text2image', model, { prompt: 'a red fox in snow', width: 256, height: 192 });
      expect(again.body.id).not.toBe(a.body.id);
      expect(again.body.outputs[0].sha256).toBe(output.sha256);
      const other = await run('text2image', model, { prompt: 'a blue whale', width: 256, height: 192 });
      expect(other.body.outputs[0].sha256).not.toBe(output.sha256);
    }
  });

  it('text2image defaults to 512x512 and varies with the seed', async () => {
    const a = await run('text2image', 'paint-1', { prompt: 'seeded' });
    const b = await run('text2image', 'paint-1', { prompt: 'seeded', seed: 7 });
    expect(a.body.outputs[0]).toMatchObject({ width: 512, height: 512 });
    expect(a.body.outputs[0].sha256).not.toBe(b.body.outputs[0].sha256);
  });

  it('image2image grayscale-1 removes colour', async () => {
    const res = await run('image2image', 'grayscale-1', { data: input.toString('base64') });
    const { data, info } = await sharp(await download(res.body.outputs[0].url, token))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 80, height: 60 });
    if (info.channels >= 3) expect(data[0]).toBe(data[1]);
    else expect(info.channels).toBe(1);
  });

  it('image2image invert-1 inverts each pixel', async () => {
    const res = await run('image2image', 'invert-1', { data: `data:image/png;base64,${input.toString('base64')}` });
    const { data } = await sharp(await download(res.body.outputs[0].url, token))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255 - 0xd0, 255 - 0x20, 255 - 0x20]);
  });

  it('image2image blur-1 mixes the two halves at the border; tint-1 takes a colour', async () => {
    const blurred = await run('image2image', 'blur-1', { data: input.toString('base64'), sigma: 6 });
    const { data, info } = await sharp(await download(blurred.body.outputs[0].url, token))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const mid = (30 * info.width + 40) * info.channels;
    expect(data[mid]).toBeGreaterThan(0x40);
    expect(data[mid]).toBeLessThan(0xc0);
    const tinted = await run('image2image', 'tint-1', { data: input.toString('base64'), color: '#00ff00' });
    expect(tinted.status).toBe(200);
    expect(tinted.body.outputs[0].sha256).not.toBe(blurred.body.outputs[0].sha256);
    const badColour = await run('image2image', 'tint-1', { data: input.toString('base64'), color: 'green' });
    expect(badColour.status).toBe(400);
    expect(badColour.body.error.message).toContain('image.color');
  });

  it('image2image reads a previous result by its URL', async () => {
    const first = await run('text2image', 'paint-1', { prompt: 'chain me', width: 64, height: 64 });
    const res = await run('image2image', 'invert-1', { url: first.body.outputs[0].url });
    expect(res.status).toBe(200);
    expect(res.body.outputs[0]).toMatchObject({ width: 64, height: 64 });
  });

  it('image2text describes size, colour and brightness', async () => {
    const caption = await run('image2text', 'caption-1', { data: input.toString('base64') });
    expect(caption.status).toBe(200);
    expect(caption.body.outputs).toEqual([]);
    expect(caption.body.text).toMatch(/^A 80x60 landscape PNG image, mostly (red|blue|navy|maroon)/);
    expect(caption.body.metrics).toMatchObject({ width: 80, height: 60, format: 'png', has_alpha: false });
    const described = await run('image2text', 'describe-1', { data: input.toString('base64') });
    expect(described.body.text).toContain('Size: 80x60 pixels (landscape)');
    expect(described.body.text).toContain('Brightness:');
  });

  it('refuses input that is not an image, or not base64', async () => {
    const notImage = await run('image2text', 'caption-1', { data: Buffer.from('hello world').toString('base64') });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error.code).toBe('invalid_media');
    const notBase64 = await run('image2image', 'invert-1', { data: '***' });
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.error.message).toMatch(/base64/);
    const both = await run('image2image', 'invert-1', { data: input.toString('base64'), url: 'http://x/y.png' });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toMatch(/exactly one of image.data/);
  });
});
