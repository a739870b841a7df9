import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  coreWithSandbox,
  listAssets,
  signInDemo,
  stopAfterEach,
  type Harness,
} from '../../../../test/support/core-with-sandbox';
import { channelNames } from '../../../shared/contract';

let h: Harness | undefined;
stopAfterEach(
  () => h,
  () => (h = undefined),
);

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => fs.statSync(f).isFile());
}

describe.each([
  ['weak protection without consent (memory only)', false],
  ['weak protection with consent (encrypted file)', true],
])('no secret in plaintext anywhere: %s', (_name, consent) => {
  it('after a full session no token, key or secret is in a file, log, database row, IPC answer or event', async () => {
    h = await coreWithSandbox({ consent });
    const ipcTraffic: string[] = [];
    h.core.events.subscribe((event, payload) => ipcTraffic.push(JSON.stringify({ event, payload })));
    const call = async (channel: string, input: unknown) => {
      const result = await h!.core.dispatch(channel, input);
      ipcTraffic.push(JSON.stringify(result));
      return result;
    };
    await call('connection.useSandbox', {});
    const secrets = new Set<string>([h.sandbox.demo.password, h.sandbox.demo.clientSecret]);
    const remember = async () => {
      const raw = await h!.deps.secrets.get('session.tokens');
      if (raw) {
        const t = JSON.parse(raw) as { access: string; refresh: string };
        secrets.add(t.access);
        secrets.add(t.refresh);
      }
    };
    await remember();
    for (let i = 0; i < 3; i += 1) {
      h.sandbox.expireAccessTokens();
      await listAssets(h);
      await remember();
    }
    h.deps.logger.info('a log line that mentions the session', { note: 'rotated' });
    // Read every read-only channel once, the way the renderer does.
    for (const channel of channelNames.filter(
      (c) => c.endsWith('.get') || c.endsWith('.list') || c === 'secrets.status' || c === 'app.info',
    )) {
      await call(channel, {});
    }
    await call('session.check', {});
    const apiKey = 'ak_live_secret_value_for_scan_0123456789';
    secrets.add(apiKey);
    await call('apiKey.set', { key: apiKey, expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    await call('session.get', {});
    await call('session.signOut', {});
    await signInDemo(h);
    await remember();
    await h.core.close();

    expect(secrets.size).toBeGreaterThanOrEqual(10);
    for (const file of filesUnder(h.dataDir)) {
      const bytes = fs.readFileSync(file);
      for (const s of secrets)
        expect(bytes.includes(s), `${path.relative(h.dataDir, file)} contains a secret`).toBe(false);
    }
    const traffic = ipcTraffic.join('\n');
    for (const s of secrets) expect(traffic.includes(s)).toBe(false);
    expect(fs.existsSync(path.join(h.dataDir, 'secrets.bin'))).toBe(consent);
  });
});
