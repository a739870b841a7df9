import { describe, expect, it } from 'vitest';
import { parseCsv, readCsv } from './csv';

describe('parseCsv', () => {
  it('reads a header of trimmed names, quoted commas and newlines, a BOM, CRLF, and skips empty lines', () => {
    const text = '\uFEFF product , caption \r\nMug,"Hot, fresh"\r\n\r\n  ,  \r\n"Tee","two\r\nlines"\r\n';
    expect(parseCsv(text)).toEqual({
      columns: ['product', 'caption'],
      rows: [
        { product: 'Mug', caption: 'Hot, fresh' },
        { product: 'Tee', caption: 'two\r\nlines' },
      ],
      errors: [],
    });
  });

  it('reports bad rows by their 1-based data row and keeps the good ones', () => {
    const text = ['name,price', 'Mug,9', 'Tee,12,extra', 'Cap', 'Hat,"5"x', 'Bag,7'].join('\n');
    const parsed = parseCsv(text);
    expect(parsed.rows).toEqual([{ name: 'Mug', price: '9' }]);
    expect(parsed.errors).toEqual([
      { row: 2, message: 'This row has 3 values but the header has 2 columns.' },
      { row: 3, message: 'This row has 1 value but the header has 2 columns.' },
      // An unclosed quote swallows the rest of the file into its row: that is said, not guessed at.
      { row: 4, message: expect.stringContaining('text after its closing quote') },
    ]);
  });

  it('accepts semicolons and tabs, trailing commas, and renames repeated columns', () => {
    expect(parseCsv('a;b\n1;2\n').rows).toEqual([{ a: '1', b: '2' }]);
    expect(parseCsv('a\tb\n1\t2\n').rows).toEqual([{ a: '1', b: '2' }]);
    expect(parseCsv('a,b,\n1,2,\n3,4\n')).toEqual({
      columns: ['a', 'b'],
      rows: [
        { a: '1', b: '2' },
        { a: '3', b: '4' },
      ],
      errors: [],
    });
    expect(parseCsv('tag,tag\nx,y\n').rows).toEqual([{ tag: 'x', tag_2: 'y' }]);
  });

  it('gives nothing for empty text and reports an unclosed quote', () => {
    expect(parseCsv('')).toEqual({ columns: [], rows: [], errors: [] });
    expect(parseCsv('\n\n')).toEqual({ columns: [], rows: [], errors: [] });
    expect(readCsv('a,b\n1,2\n"oops,3\n4,5\n').records).toEqual([
      { row: 1, values: { a: '1', b: '2' } },
      { row: 2, error: expect.stringContaining('never closed') },
    ]);
  });
});
