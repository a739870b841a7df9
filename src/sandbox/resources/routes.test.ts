import { describe, expect, it } from 'vitest';
import { call, login, signedInSandbox } from '../test-support';

const SAMPLES: Record<string, Record<string, unknown>> = {
  assets: { name: 'cover.png', kind: 'image', tags: ['cover'] },
  automations: { name: 'tag results', enabled: true, trigger: { on: 'job.succeeded' } },
  'content-plans': { title: 'May launch', starts_at: '2030-05-01T09:00:00.000Z' },
  creatives: { name: 'banner', text: 'Hello' },
  'media-templates': { name: 'quote card', variables: ['quote', 'author'] },
  posts: { text: 'First post', status: 'draft' },
};

describe('resource groups', () => {
  const running = signedInSandbox();
  const { api } = running;

  for (const [group, sample] of Object.entries(SAMPLES)) {
    it(`${group}: create, get, list, update, delete`, async () => {
      const created = await api('POST', `/v2/${group}`, { ...sample, id: 'client-chosen', custom: { any: 'json' } });
      expect(created.status).toBe(201);
      const record = created.body;
      expect(record.id).not.toBe('client-chosen');
      expect(record).toMatchObject({ ...sample, custom: { any: 'json' }, version: 1, deleted: false });
      expect(record.created_at).toBe(record.updated_at);

      expect((await api('GET', `/v2/${group}/${record.id}`)).body).toEqual(record);
      const list = await api('GET', `/v2/${group}`);
      expect(list.body.items.map((r: { id: string }) => r.id)).toContain(record.id);

      const patched = await api('PATCH', `/v2/${group}/${record.id}`, { version: 1, custom: null, extra: 2 });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ ...sample, extra: 2, version: 2 });
      expect(patched.body.custom).toBeUndefined();

      const replaced = await api('PUT', `/v2/${group}/${record.id}`, { ...sample }, { 'if-match': '"2"' });
      expect(replaced.body).toMatchObject({ version: 3 });
      expect(replaced.body.extra).toBeUndefined();

      const deleted = await api('DELETE', `/v2/${group}/${record.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: record.id, deleted: true, version: 4 });
      expect((await api('GET', `/v2/${group}/${record.id}`)).status).toBe(404);
      expect((await api('PATCH', `/v2/${group}/${record.id}`, { extra: 1 })).body.error.message).toMatch(/was deleted/);
      expect((await api('DELETE', `/v2/${group}/${record.id}`)).body).toEqual(deleted.body);
    });
  }

  it('refuses an update with a stale version with 409 and the current record', async () => {
    const created = (await api('POST', '/v2/posts', { text: 'v1' })).body;
    await api('PATCH', `/v2/posts/${created.id}`, { text: 'v2', version: 1 });
    const stale = await api('PATCH', `/v2/posts/${created.id}`, { text: 'v2 from elsewhere', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('version_conflict');
    expect(stale.body.current).toMatchObject({ id: created.id, text: 'v2', version: 2 });
    const staleHeader = await api('PUT', `/v2/posts/${created.id}`, { text: 'x' }, { 'if-match': '1' });
    expect(staleHeader.status).toBe(409);
    const staleDelete = await call(running.sandbox.url, 'DELETE', `/v2/posts/${created.id}?version=1`, {
      token: running.token,
    });
    expect(staleDelete.status).toBe(409);
    expect((await api('GET', `/v2/posts/${created.id}`)).body.text).toBe('v2');
  });

  it('validates fields on create and update', async () => {
    const missing = await api('POST', '/v2/assets', { kind: 'image' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('name');
    const wrongType = await api('POST', '/v2/posts', { text: 42 });
    expect(wrongType.body.error.details).toEqual([{ field: 'text', message: expect.any(String) }]);
    const created = (await api('POST', '/v2/assets', { name: 'a' })).body;
    const removeRequired = await api('PATCH', `/v2/assets/${created.id}`, { name: null });
    expect(removeRequired.status).toBe(400);
    expect((await api('GET', `/v2/assets/${created.id}`)).body).toEqual(created);
    const badVersion = await api('PATCH', `/v2/assets/${created.id}`, { version: 'one' });
    expect(badVersion.status).toBe(400);
  });

  it('answers 404 for records that do not exist', async () => {
    for (const method of ['GET', 'PATCH', 'PUT', 'DELETE']) {
      const res = await api(
        method,
        '/v2/creatives/crv_missing',
        method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' },
      );
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('creative crv_missing does not exist');
    }
  });

  it('makes a retried create with the same Idempotency-Key return the first result', async () => {
    const headers = { 'idempotency-key': 'create-asset-1' };
    const first = await api('POST', '/v2/assets', { name: 'once' }, headers);
    const second = await api('POST', '/v2/assets', { name: 'once' }, headers);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const list = await api('GET', '/v2/assets?limit=200');
    expect(list.body.items.filter((r: { name: string }) => r.name === 'once')).toHaveLength(1);
    const conflict = await api('POST', '/v2/assets', { name: 'twice' }, headers);
    expect(conflict.status).toBe(422);
    const sameKeyOtherGroup = await api('POST', '/v2/creatives', { name: 'once' }, headers);
    expect(sameKeyOtherGroup.status).toBe(201);
  });

  it("keeps each account's records to itself", async () => {
    await running.sandbox.createAccount('second@atelier.local', 'second-password');
    const other = (await login(running.sandbox, 'second@atelier.local', 'second-password')).access_token;
    const mine = (await api('POST', '/v2/creatives', { name: 'mine only' })).body;
    const theirs = (await call(running.sandbox.url, 'GET', '/v2/creatives', { token: other })).body;
    expect(theirs.items).toEqual([]);
    expect((await call(running.sandbox.url, 'GET', `/v2/creatives/${mine.id}`, { token: other })).status).toBe(404);
    expect(
      (await call(running.sandbox.url, 'PATCH', `/v2/creatives/${mine.id}`, { token: other, body: { name: 'x' } }))
        .status,
    ).toBe(404);
    expect((await call(running.sandbox.url, 'DELETE', `/v2/creatives/${mine.id}`, { token: other })).status).toBe(404);
    expect((await api('GET', `/v2/creatives/${mine.id}`)).body.name).toBe('mine only');
  });
});

describe('listing and pulling changes', () => {
  const running = signedInSandbox();
  const { api } = running;

  it('pages through live records with limit and cursor', async () => {
    for (let i = 0; i < 7; i++) await api('POST', '/v2/media-templates', { name: `t${i}` });
    const names: string[] = [];
    let path = '/v2/media-templates?limit=3';
    for (let page = 0; page < 5; page++) {
      const res = await api('GET', path);
      names.push(...res.body.items.map((r: { name: string }) => r.name));
      if (!res.body.has_more) break;
      path = `/v2/media-templates?limit=3&cursor=${res.body.next_cursor}`;
    }
    expect(names).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6']);
  });

  it('pulls changes since a cursor, including tombstones', async () => {
    const a = (await api('POST', '/v2/automations', { name: 'a' })).body;
    const b = (await api('POST', '/v2/automations', { name: 'b' })).body;
    const start = (await api('GET', '/v2/automations?since=c0')).body;
    expect(start.items).toHaveLength(2);
    expect(start.has_more).toBe(false);
    await api('PATCH', `/v2/automations/${a.id}`, { enabled: false });
    await api('DELETE', `/v2/automations/${b.id}`);
    const changes = (await api('GET', `/v2/automations?since=${start.next_cursor}`)).body;
    expect(changes.items).toEqual([
      expect.objectContaining({ id: a.id, enabled: false, version: 2, deleted: false }),
      expect.objectContaining({ id: b.id, deleted: true, version: 2, deleted_at: expect.any(String) }),
    ]);
    const none = (await api('GET', `/v2/automations?since=${changes.next_cursor}`)).body;
    expect(none).toEqual({ items: [], next_cursor: changes.next_cursor, has_more: false });
    const live = (await api('GET', '/v2/automations')).body;
    expect(live.items.map((r: { id: string }) => r.id)).toEqual([a.id]);
  });

  it('pulls changes since an ISO time', async () => {
    const now = running.sandbox.clock.now();
    const at = new Date(now + 60_000).toISOString();
    await api('POST', '/v2/posts', { text: 'before' });
    running.sandbox.clock.advance(120_000);
    const after = (await api('POST', '/v2/posts', { text: 'after' })).body;
    const res = await api('GET', `/v2/posts?since=${encodeURIComponent(at)}`);
    expect(res.body.items.map((r: { id: string }) => r.id)).toEqual([after.id]);
  });

  it('refuses bad limit, since and cursor values', async () => {
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'since=yesterday', 'cursor=xyz', 'since=c1&cursor=c1']) {
      const res = await api('GET', `/v2/posts?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.message.length).toBeGreaterThan(10);
    }
    expect((await api('GET', '/v2/posts?limit=200')).status).toBe(200);
  });
});
