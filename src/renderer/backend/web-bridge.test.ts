// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PAYLOAD_BYTES } from '../../shared/contract';
import { createWebBridge } from './web-bridge';

/** A socket the test drives: it records what the page sends and delivers what the test answers. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];

  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
  }

  send(frame: string): void {
    this.sent.push(frame);
  }

  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  answer(message: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  drop(): void {
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(new Event('close'));
  }
}

type Call = (input: unknown) => Promise<unknown>;
const base = { protocol: 'http:', host: '127.0.0.1:4000' } as Location;

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the browser-mode bridge client', () => {
  it('holds calls until the socket opens, then sends each as one request frame', async () => {
    const api = createWebBridge('tok', base) as unknown as Record<string, Call>;
    const socket = FakeSocket.made[0]!;
    expect(socket.url).toBe('ws://127.0.0.1:4000/bridge?token=tok');
    const first = api['settings.update']!({ theme: 'dark' });
    const second = api['settings.get']!(undefined);
    await Promise.resolve();
    expect(socket.sent).toEqual([]);
    socket.open();
    await vi.waitFor(() => expect(socket.sent).toHaveLength(2));
    expect(socket.sent.map((frame) => JSON.parse(frame) as unknown)).toEqual([
      { id: 1, channel: 'settings.update', input: { theme: 'dark' } },
      { id: 2, channel: 'settings.get', input: {} },
    ]);
    // Answers are matched by id, whatever their order.
    socket.answer({ type: 'result', id: 2, result: { ok: true, data: 'second' } });
    socket.answer({ type: 'result', id: 1, result: { ok: true, data: 'first' } });
    expect(await first).toEqual({ ok: true, data: 'first' });
    expect(await second).toEqual({ ok: true, data: 'second' });
  });

  it('arms no timer for a call once the socket is open', async () => {
    vi.useFakeTimers();
    const api = createWebBridge('tok', base) as unknown as Record<string, Call>;
    const socket = FakeSocket.made[0]!;
    socket.open();
    const calls = Array.from({ length: 20 }, () => api['settings.get']!({}));
    await vi.waitFor(() => expect(socket.sent).toHaveLength(20));
    expect(vi.getTimerCount()).toBe(0);
    socket.sent.forEach((frame, i) => {
      const { id } = JSON.parse(frame) as { id: number };
      expect(id).toBe(i + 1);
      socket.answer({ type: 'result', id, result: { ok: true, data: i } });
    });
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 20 }, (_, i) => ({ ok: true, data: i })));
  });

  it('refuses an input too large to send, without sending it', async () => {
    const api = createWebBridge('tok', base) as unknown as Record<string, Call>;
    const socket = FakeSocket.made[0]!;
    socket.open();
    const result = await api['settings.update']!({ theme: 'x'.repeat(MAX_PAYLOAD_BYTES + 2048) });
    expect(result).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(socket.sent).toEqual([]);
  });

  it('sends an input JSON cannot hold as null, for the core to refuse in words', async () => {
    const api = createWebBridge('tok', base) as unknown as Record<string, Call>;
    const socket = FakeSocket.made[0]!;
    socket.open();
    void api['settings.update']!(() => undefined);
    await vi.waitFor(() => expect(socket.sent).toHaveLength(1));
    expect(JSON.parse(socket.sent[0]!)).toEqual({ id: 1, channel: 'settings.update', input: null });
  });

  it('answers pending calls with the lost-connection error when the socket closes, and reconnects', async () => {
    const api = createWebBridge('tok', base) as unknown as Record<string, Call>;
    const socket = FakeSocket.made[0]!;
    socket.open();
    const pending = api['settings.get']!({});
    await vi.waitFor(() => expect(socket.sent).toHaveLength(1));
    socket.drop();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const next = api['settings.get']!({});
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(2));
    const again = FakeSocket.made[1]!;
    again.open();
    await vi.waitFor(() => expect(again.sent).toHaveLength(1));
    again.answer({ type: 'result', id: 2, result: { ok: true, data: 'back' } });
    expect(await next).toEqual({ ok: true, data: 'back' });
  });

  it('gives up with the lost-connection error when the socket does not open within 5 seconds', async () => {
    vi.useFakeTimers();
    const api = createWebBridge('tok', base) as unknown as Record<string, Call>;
    const call = api['settings.get']!({});
    await vi.advanceTimersByTimeAsync(5000);
    expect(await call).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(vi.getTimerCount()).toBe(0);
  });
});
