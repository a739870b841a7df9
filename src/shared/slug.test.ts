import { describe, expect, it } from 'vitest';
import { resultSlug, slugify, uniqueFileName } from './slug';

describe('slugify', () => {
  it('joins lowercase words with "-" and folds accents', () => {
    expect(slugify('A Red Kite over the Sea')).toBe('a-red-kite-over-the-sea');
    expect(slugify('Crème brûlée à Noël, Straße & Ærø')).toBe('creme-brulee-a-noel-strasse-aero');
  });

  it('drops emoji and symbols as word breaks, keeps digits', () => {
    expect(slugify('🌅 sunset 🏖️ beach!!! 4k')).toBe('sunset-beach-4k');
    expect(slugify('🚀🔥')).toBe('');
  });

  it('keeps CJK and other scripts', () => {
    expect(slugify('夕焼けの海 sunset')).toBe('夕焼けの海-sunset');
    expect(slugify('Москва ночью')).toBe('москва-ночью');
  });

  it('is empty for an empty or blank prompt', () => {
    expect(slugify('')).toBe('');
    expect(slugify('   \n\t ')).toBe('');
  });

  it('stays within 60 characters and cuts between words', () => {
    const long = 'a cinematic wide shot of a lighthouse on a rocky coast at dawn with seagulls and heavy fog';
    const slug = slugify(long);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toBe('a-cinematic-wide-shot-of-a-lighthouse-on-a-rocky-coast-at');
    expect(long.replace(/ /g, '-').startsWith(slug)).toBe(true);
  });

  it('cuts a single word longer than the limit inside it', () => {
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(60));
  });

  it('never gives a name Windows refuses', () => {
    expect(slugify('CON')).toBe('con-file');
  });
});

describe('uniqueFileName', () => {
  it('adds -2, -3… when the name is taken, ignoring case', () => {
    const taken = new Set(['sunset.png', 'sunset-2.png']);
    const has = (n: string) => taken.has(n.toLowerCase());
    expect(uniqueFileName('sunset', 'png', has)).toBe('sunset-3.png');
    expect(uniqueFileName('harbour', 'png', has)).toBe('harbour.png');
    expect(uniqueFileName('Sunset', 'png', has)).toBe('Sunset-3.png');
  });
});

describe('resultSlug', () => {
  it('names a result by its prompt, without the operation', () => {
    expect(resultSlug({ prompt: 'Paint a red kite', operation: 'text2image' })).toBe('paint-a-red-kite');
  });

  it('uses the operation and the input’s name when there is no prompt', () => {
    expect(resultSlug({ prompt: null, operation: 'image2text', inputName: 'Beach Day.png' })).toBe(
      'image2text-beach-day',
    );
    expect(resultSlug({ prompt: '🎉', operation: 'image2image', inputName: null })).toBe('image2image');
  });
});
