import { describe, expect, it, vi } from 'vitest';
import { CoreBus, forwardToRenderer, RendererPush } from './event-bus';
import type { Logger } from './ports';

const quiet = (): Logger => ({ log: vi.fn(), debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('the core’s two event channels', () => {
  it('CoreBus hands each listener its typed payload, in subscription order, until unsubscribed', () => {
    const bus = new CoreBus(quiet());
    const heard: string[] = [];
    const off = bus.on('records.edited', ({ group }) => heard.push(`first ${group}`));
    bus.on('records.edited', ({ group }) => heard.push(`second ${group}`));
    bus.on('library.imported', ({ assets }) => heard.push(`imported ${assets.length}`));
    bus.emit('records.edited', { group: 'posts' });
    off();
    bus.emit('records.edited', { group: 'assets' });
    expect(heard).toEqual(['first posts', 'second posts', 'second assets']);
  });

  it('a failing CoreBus listener is logged and the others still hear', () => {
    const logger = quiet();
    const bus = new CoreBus(logger);
    const heard: string[] = [];
    bus.on('ai.jobSucceeded', () => {
      throw new Error('rule broke');
    });
    bus.on('ai.jobSucceeded', ({ jobId }) => heard.push(jobId));
    bus.emit('ai.jobSucceeded', { jobId: 'job-1', operation: 'text2image', prompt: 'a cat' });
    expect(heard).toEqual(['job-1']);
    expect(logger.warn).toHaveBeenCalledWith(
      'event listener failed',
      expect.objectContaining({ event: 'ai.jobSucceeded' }),
    );
  });

  it('core events forwarded to the renderer reach it after the core’s own listeners; internal ones never do', () => {
    const bus = new CoreBus(quiet());
    const push = new RendererPush(quiet());
    const order: string[] = [];
    push.subscribe((event) => order.push(`renderer ${event}`));
    bus.on('records.changed', () => order.push('core rule'));
    forwardToRenderer(bus, push, ['records.changed']);
    bus.emit('records.changed', { group: 'posts', ids: null });
    bus.emit('records.edited', { group: 'posts' });
    expect(order).toEqual(['core rule', 'renderer records.changed']);
  });

  it('RendererPush drops a payload that breaks its schema, in words in the log', () => {
    const logger = quiet();
    const push = new RendererPush(logger);
    const sent: string[] = [];
    push.subscribe((event) => sent.push(event));
    push.emit('records.changed', { group: 'posts', ids: Array.from({ length: 1001 }, (_, i) => String(i)) });
    expect(sent).toEqual([]);
    expect(logger.error).toHaveBeenCalledWith('event payload breaks its schema; not sent', {
      event: 'records.changed',
    });
  });
});
