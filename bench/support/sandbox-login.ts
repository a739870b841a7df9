import type { Sandbox } from '../../src/sandbox';

/** An access token for the sandbox's demo account, straight over HTTP (the baselines' own client). */
export async function login(sandbox: Sandbox): Promise<string> {
  const res = await fetch(`${sandbox.url}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: sandbox.demo.username, password: sandbox.demo.password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token) throw new Error(`login: HTTP ${res.status}`);
  return body.access_token;
}
