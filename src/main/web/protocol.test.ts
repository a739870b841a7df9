import { describe, expect, it } from 'vitest';
import { toBridgeRequest } from './protocol';

describe('bridge requests', () => {
  it('takes a whole non-negative id, a channel name and any input', () => {
    expect(toBridgeRequest({ id: 0, channel: 'settings.get', input: {} })).toEqual({
      id: 0,
      channel: 'settings.get',
      input: {},
    });
    expect(toBridgeRequest({ id: 7, channel: 'x'.repeat(200), input: [1, 'a'] })).toEqual({
      id: 7,
      channel: 'x'.repeat(200),
      input: [1, 'a'],
    });
    // No input at all is the contract's to refuse or accept, as is an unknown channel name.
    expect(toBridgeRequest({ id: 1, channel: 'no.such' })).toEqual({ id: 1, channel: 'no.such', input: undefined });
    // Other fields are dropped.
    expect(toBridgeRequest({ id: 2, channel: 'a', input: null, extra: true })).toEqual({
      id: 2,
      channel: 'a',
      input: null,
    });
  });

  it('refuses anything else', () => {
    const refused: unknown[] = [
      null,
      'settings.get',
      42,
      [1, 'settings.get', {}],
      {},
      { channel: 'settings.get', input: {} },
      { id: -1, channel: 'settings.get' },
      { id: 1.5, channel: 'settings.get' },
      { id: '1', channel: 'settings.get' },
      { id: Number.NaN, channel: 'settings.get' },
      { id: Number.POSITIVE_INFINITY, channel: 'settings.get' },
      { id: 2 ** 53, channel: 'settings.get' },
      { id: 1 },
      { id: 1, channel: 5 },
      { id: 1, channel: null },
      { id: 1, channel: 'x'.repeat(201) },
    ];
    for (const value of refused) expect(toBridgeRequest(value), JSON.stringify(value)).toBeNull();
  });
});
