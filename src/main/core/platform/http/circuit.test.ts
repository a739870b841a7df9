import { describe, expect, it } from 'vitest';
import { Circuits } from './circuit';
import type { HostReachability } from './types';

function setup() {
  let now = 0;
  const changes: HostReachability[] = [];
  const circuits = new Circuits(
    { failureThreshold: 3, firstProbeMs: 2000, maxProbeMs: 60_000 },
    () => now,
    (_h, s) => changes.push(s),
  );
  return { circuits, changes, advance: (ms: number) => (now += ms) };
}

describe('Circuits', () => {
  it('opens after consecutive network failures and only then', () => {
    const { circuits, changes } = setup();
    circuits.failure('h', 'send');
    circuits.failure('h', 'send');
    circuits.success('h'); // any answer resets the count
    circuits.failure('h', 'send');
    circuits.failure('h', 'send');
    expect(circuits.admit('h')).toBe('send');
    circuits.failure('h', 'send');
    expect(changes).toEqual(['offline']);
    expect(circuits.admit('h')).toBe('reject');
    expect(circuits.snapshot('h')).toMatchObject({ state: 'offline', nextProbeAt: 2000 });
  });

  it('lets one probe through per interval, doubling up to the cap', () => {
    const { circuits, advance } = setup();
    for (let i = 0; i < 3; i += 1) circuits.failure('h', 'send');
    const gaps: number[] = [];
    let last = 0;
    let t = 0;
    for (; t < 10 * 60_000; t += 500) {
      const a = circuits.admit('h');
      if (a === 'probe') {
        gaps.push(t - last);
        last = t;
        expect(circuits.admit('h')).toBe('reject'); // one probe at a time
        circuits.failure('h', 'probe');
      }
      advance(500);
    }
    expect(gaps.slice(0, 7)).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    expect(gaps.length).toBe(13);
  });

  it('closes on any answer and reports it', () => {
    const { circuits, changes, advance } = setup();
    for (let i = 0; i < 3; i += 1) circuits.failure('h', 'send');
    advance(2000);
    expect(circuits.admit('h')).toBe('probe');
    circuits.success('h');
    expect(changes).toEqual(['offline', 'online']);
    expect(circuits.admit('h')).toBe('send');
  });

  it('frees the probe slot when the probe is cancelled, and reset allows a probe at once', () => {
    const { circuits, advance } = setup();
    for (let i = 0; i < 3; i += 1) circuits.failure('h', 'send');
    advance(2000);
    expect(circuits.admit('h')).toBe('probe');
    circuits.release('h', 'probe');
    expect(circuits.admit('h')).toBe('probe');
    circuits.failure('h', 'probe');
    expect(circuits.admit('h')).toBe('reject');
    circuits.reset();
    expect(circuits.admit('h')).toBe('probe');
  });

  it('keeps hosts apart', () => {
    const { circuits } = setup();
    for (let i = 0; i < 3; i += 1) circuits.failure('a', 'send');
    expect(circuits.admit('a')).toBe('reject');
    expect(circuits.admit('b')).toBe('send');
  });
});
