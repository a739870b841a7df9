import { describe, expect, it } from 'vitest';
import { Canvas, textWidth, wrapText } from './canvas';
import { colourName, hueColour, parseHex, toHex } from './colours';
import { paintPrompt } from './prompt-art';

describe('wrapText', () => {
  it('wraps on words and cuts words longer than a line', () => {
    expect(wrapText('a quick brown fox', 7)).toEqual(['a quick', 'brown', 'fox']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('   ', 4)).toEqual([]);
  });
});

describe('Canvas', () => {
  it('draws bitmap text with ink only where the glyph has it', () => {
    const canvas = new Canvas(textWidth('I', 1), 7);
    canvas.text(0, 0, 'I', 1, [255, 255, 255]);
    const row = (y: number) => [...Array(5).keys()].map((x) => (canvas.data[(y * 5 + x) * 3] ? '#' : ' ')).join('');
    expect([row(0), row(3), row(6)]).toEqual([' ### ', '  #  ', ' ### ']);
  });

  it('blends with alpha', () => {
    const canvas = new Canvas(1, 1);
    canvas.blend(0, 0, [200, 100, 0], 0.5);
    expect([...canvas.data]).toEqual([100, 50, 0]);
  });
});

describe('colours and prompt art', () => {
  it('names and formats colours', () => {
    expect(colourName([250, 10, 10])).toBe('red');
    expect(toHex(parseHex('#1a2b3c'))).toBe('#1a2b3c');
    expect(hueColour(0, 1, 0.5)).toEqual([255, 0, 0]);
  });

  it('paints the same pixels for the same prompt and different ones for another', () => {
    const a = paintPrompt('sunrise', { width: 64, height: 48, seed: 1, style: 'paint' });
    const b = paintPrompt('sunrise', { width: 64, height: 48, seed: 1, style: 'paint' });
    const c = paintPrompt('sunset', { width: 64, height: 48, seed: 1, style: 'paint' });
    expect(a.canvas.data.equals(b.canvas.data)).toBe(true);
    expect(a.canvas.data.equals(c.canvas.data)).toBe(false);
  });
});
