import { describe, expect, it } from 'vitest';
import { handleOf, initialsOf, inkOn } from './avatar';

describe('avatar helpers', () => {
  it('takes the initials of the first two words, or of the handle', () => {
    expect(initialsOf("Ada's kitchen live")).toBe('AK');
    expect(initialsOf('  ', '@zoe')).toBe('Z');
    expect(initialsOf('', '')).toBe('?');
    expect(initialsOf('élan vital')).toBe('ÉV');
  });

  it('chooses the ink that reads on the colour', () => {
    expect(inkOn('#ffffff')).toBe('#000000');
    expect(inkOn('#fde047')).toBe('#000000');
    expect(inkOn('#1e3a8a')).toBe('#ffffff');
  });

  it('writes a handle with one @', () => {
    expect(handleOf('ada')).toBe('@ada');
    expect(handleOf('@@ada@social.example')).toBe('@ada@social.example');
    expect(handleOf(' ')).toBe('');
  });
});
