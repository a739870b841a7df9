import { describe, expect, it } from 'vitest';
import { paramOf, templateFromBody } from './ai-template';
import { obj } from './test-context';

describe('templateFromBody', () => {
  it('a media operation that only takes URLs sends media by URL', () => {
    const body = obj({
      model_id: { type: 'string', enum: ['a-1'] },
      image: obj({
        source_url: { type: 'string', format: 'uri' },
        strength: { type: 'number', minimum: 0, maximum: 1 },
      }),
    });
    expect(templateFromBody('image2image', body)).toMatchObject({
      media: 'url',
      image: { source_url: '{{media.url}}' },
      models: ['a-1'],
      params: [{ name: 'strength', label: 'Strength', type: 'number', min: 0, max: 1 }],
    });
  });

  it('keeps one way of sending media when both are offered (base64 over URL), and names a data-URL field', () => {
    const both = obj({
      image: obj({ url: { type: 'string', format: 'uri' }, base64: { type: 'string' }, mime: { type: 'string' } }),
    });
    expect(templateFromBody('video2text', both)).toMatchObject({
      media: 'base64',
      image: { base64: '{{media.base64}}', mime: '{{media.mime}}' },
    });
    const dataUrl = obj({ image: obj({ dataUrl: { type: 'string' } }) });
    expect(templateFromBody('image2text', dataUrl).image).toEqual({ dataUrl: '{{media.data_url}}' });
  });

  it('a prompt beside image (not inside it) goes at the top of the body', () => {
    const body = obj({
      model_id: { type: 'string' },
      prompt: { type: 'string' },
      image: obj({ style: { type: 'string' } }),
    });
    expect(templateFromBody('text2image', body)).toMatchObject({
      media: 'none',
      image: {},
      top: { prompt: '{{prompt}}' },
      params: [{ name: 'style', type: 'text' }],
    });
  });
});

describe('paramOf', () => {
  it('reads colours, bounds, defaults and help; refuses names a form cannot hold', () => {
    expect(paramOf('tint', { type: 'string', pattern: '^#[0-9a-f]{6}$', default: '#000000' })).toEqual({
      name: 'tint',
      label: 'Tint',
      type: 'color',
      default: '#000000',
    });
    expect(
      paramOf('guidanceScale', {
        type: 'number',
        minimum: 1,
        maximum: 20,
        description: 'How closely to follow the prompt.',
      }),
    ).toEqual({
      name: 'guidanceScale',
      label: 'Guidance Scale',
      type: 'number',
      min: 1,
      max: 20,
      help: 'How closely to follow the prompt.',
    });
    expect(paramOf('bad-name', { type: 'integer' })).toBeNull();
    expect(paramOf('mask', { type: 'object' })).toBeNull();
  });
});
