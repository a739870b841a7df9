/** An asset's alt text: kept as a synced field, shown on its card, refused in words when too long. */
import { describe, expect, it } from 'vitest';
import { call, harnesses, signInDemo } from '../../../../test/support/core-with-sandbox';
import { tempDirs } from '../../../../test/support/temp-dirs';
import { makeImage } from '../media/test-media';

const tmp = tempDirs('alt-text');
const harness = harnesses();

describe('alt text', () => {
  it('is saved trimmed, shown on the card and detail, synced as alt_text, removed by an empty one', async () => {
    const h = await harness();
    await signInDemo(h);
    const file = await makeImage(tmp(), 'dunes.png', { width: 12, height: 10 });
    await call(h, 'library.import', { paths: [file] });
    const [asset] = (await call(h, 'library.query', {})).items;
    expect(asset?.altText).toBe('');
    const id = asset?.id ?? '';

    const view = await call(h, 'library.update', { id, altText: '  Sand dunes at dusk, one walker on the ridge.  ' });
    expect(view.altText).toBe('Sand dunes at dusk, one walker on the ridge.');
    const detail = await call(h, 'library.get', { id });
    expect(detail.altText).toBe('Sand dunes at dusk, one walker on the ridge.');
    expect(detail.fields.alt_text).toBe('Sand dunes at dusk, one walker on the ridge.');

    await h.core.sync.run();
    const remote = await h.core.session.request({ method: 'GET', url: `${h.sandbox.url}/v2/assets` });
    expect(remote.body).toMatchObject({ items: [{ alt_text: 'Sand dunes at dusk, one walker on the ridge.' }] });

    expect((await call(h, 'library.update', { id, altText: '' })).altText).toBe('');
  });

  it('refuses alt text over 1,500 characters in words and keeps the one it had', async () => {
    const h = await harness();
    await signInDemo(h);
    const file = await makeImage(tmp(), 'cliff.png', { width: 10, height: 10 });
    await call(h, 'library.import', { paths: [file] });
    const id = (await call(h, 'library.query', {})).items[0]?.id ?? '';
    await call(h, 'library.update', { id, altText: 'A cliff.' });
    const refused = await h.core.dispatch('library.update', { id, altText: 'x'.repeat(1_501) });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error.issues).toEqual([
        { path: 'altText', message: 'Alt text is at most 1,500 characters; shorten it' },
      ]);
    expect((await call(h, 'library.get', { id })).altText).toBe('A cliff.');
  });
});
