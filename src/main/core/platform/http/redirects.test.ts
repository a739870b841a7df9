// Redirects: API calls follow them as before; a manual request hands a redirect back unread,
// and followRedirects judges every address before a request goes there.
import { afterEach, describe, expect, it } from 'vitest';
import { followRedirects, HttpClient, PlatformError, RedirectRefused, type HttpRequest } from './index';
import { json, startServer, type TestServer } from './test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()?.close();
});

async function redirecting(): Promise<TestServer> {
  const s = await startServer((_req, res, hit) => {
    if (hit.path === '/moved') {
      res.writeHead(302, { location: '/here', 'content-type': 'text/plain' });
      return res.end('see /here');
    }
    if (hit.path === '/nowhere') return void res.writeHead(302).end();
    if (hit.path === '/bad') return void res.writeHead(302, { location: 'http://[::1' }).end();
    json(res, 200, { at: hit.path });
  });
  servers.push(s);
  return s;
}

describe('HttpClient and redirects', () => {
  it('follows a redirect by default (API calls)', async () => {
    const s = await redirecting();
    const res = await new HttpClient().request({ method: 'GET', url: `${s.url}/moved` });
    expect(res).toMatchObject({ status: 200, body: { at: '/here' } });
  });

  it('with redirect "manual", hands the redirect back unread: its status and Location, nothing followed', async () => {
    const s = await redirecting();
    let consumed = false;
    const res = await new HttpClient().request({
      method: 'GET',
      url: `${s.url}/moved`,
      redirect: 'manual',
      consume: async () => {
        consumed = true;
        return null;
      },
    });
    expect(res).toMatchObject({ status: 302, body: null, text: '', attempts: 1 });
    expect(res.headers.get('location')).toBe('/here');
    expect(consumed).toBe(false);
    expect(s.hits.map((h) => h.path)).toEqual(['/moved']);
  });

  it('a manual redirect with nowhere to go is an error in words', async () => {
    const s = await redirecting();
    const e = await new HttpClient()
      .request({ method: 'GET', url: `${s.url}/nowhere`, redirect: 'manual' })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PlatformError);
    expect((e as PlatformError).error).toMatchObject({
      code: 'unavailable',
      message: 'The platform gave an unexpected answer (302).',
    });
  });
});

describe('followRedirects', () => {
  const http = new HttpClient();
  const send = (req: HttpRequest) => http.request(req);

  it('resolves a relative Location against the address giving it, and asks the route about each address', async () => {
    const s = await redirecting();
    const asked: [string, number][] = [];
    const res = await followRedirects(
      { method: 'GET', url: `${s.url}/moved` },
      { route: (url, hop) => (asked.push([url, hop]), send) },
    );
    expect(res.body).toEqual({ at: '/here' });
    expect(asked).toEqual([
      [`${s.url}/moved`, 0],
      [`${s.url}/here`, 1],
    ]);
  });

  it('an address the route refuses is never requested', async () => {
    const s = await redirecting();
    const refused = followRedirects(
      { method: 'GET', url: `${s.url}/moved` },
      { route: (url) => (url.endsWith('/here') ? { refused: 'Not there' } : send) },
    );
    await expect(refused).rejects.toEqual(new RedirectRefused('Not there'));
    expect(s.hits.map((h) => h.path)).toEqual(['/moved']);
  });

  it('a Location that is not an address is refused with words', async () => {
    const s = await redirecting();
    await expect(followRedirects({ method: 'GET', url: `${s.url}/bad` }, { route: () => send })).rejects.toMatchObject({
      reason: 'The address redirected to "http://[::1", which is not a web address',
    });
  });

  it('the deadline covers every hop', async () => {
    const s = await redirecting();
    let clock = 1_000;
    const deadlines: (number | undefined)[] = [];
    const route = () => async (req: HttpRequest) => {
      deadlines.push(req.deadlineMs);
      clock += 400;
      return send(req);
    };
    await followRedirects({ method: 'GET', url: `${s.url}/moved`, deadlineMs: 1_000 }, { route, now: () => clock });
    expect(deadlines).toEqual([1_000, 600]);
  });
});
