import { describe, expect, it } from 'vitest';
import { signedInSandbox } from '../test-support';

describe('media queue', () => {
  const running = signedInSandbox();
  const { api } = running;

  it('adds items in order and lists the queue', async () => {
    const first = await api('POST', '/v2/media-queue', {
      items: [{ asset_id: 'ast_1' }, { asset_id: 'ast_2', note: 'hi' }],
    });
    expect(first.status).toBe(201);
    expect(first.body.items).toEqual([
      expect.objectContaining({ asset_id: 'ast_1', position: 1, version: 1, id: expect.stringMatching(/^mqi_/) }),
      expect.objectContaining({ asset_id: 'ast_2', position: 2, note: 'hi' }),
    ]);
    await api('POST', '/v2/media-queue', { items: [{ asset_id: 'ast_3', position: 99 }] });
    const list = await api('GET', '/v2/media-queue');
    expect(list.body.items.map((i: { asset_id: string; position: number }) => [i.asset_id, i.position])).toEqual([
      ['ast_1', 1],
      ['ast_2', 2],
      ['ast_3', 3],
    ]);
  });

  it('makes a retried add with the same Idempotency-Key return the first result', async () => {
    const body = { items: [{ asset_id: 'ast_retry' }] };
    const a = await api('POST', '/v2/media-queue', body, { 'idempotency-key': 'queue-1' });
    const b = await api('POST', '/v2/media-queue', body, { 'idempotency-key': 'queue-1' });
    expect(b.body).toEqual(a.body);
    const list = await api('GET', '/v2/media-queue?since=c0');
    expect(list.body.items.filter((i: { asset_id: string }) => i.asset_id === 'ast_retry')).toHaveLength(1);
  });

  it('refuses empty, oversized or invalid additions and other methods', async () => {
    expect((await api('POST', '/v2/media-queue', { items: [] })).status).toBe(400);
    expect(
      (await api('POST', '/v2/media-queue', { items: Array.from({ length: 101 }, () => ({ asset_id: 'a' })) })).status,
    ).toBe(400);
    const invalid = await api('POST', '/v2/media-queue', { items: [{ asset_id: 'ok' }, { note: 'no asset' }] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toContain('items.1.asset_id');
    const del = await api('DELETE', '/v2/media-queue');
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, POST');
  });
});
