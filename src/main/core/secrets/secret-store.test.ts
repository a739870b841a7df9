import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretRegistry } from '../redact';
import { localKeyCipher, type SecretCipher } from './cipher';
import { PersistentSecretStore } from './secret-store';
import { tempDirs } from '../../../../test/support/temp-dirs';

const tmp = tempDirs('secrets');

const SECRET = 'refresh-token-0123456789abcdef';

function osCipher(dir: string): SecretCipher {
  const inner = localKeyCipher(path.join(dir, 'k'));
  return { ...inner, protection: 'os', backend: 'test-keychain' };
}

function everyFileContains(dir: string, needle: string): boolean {
  return fs
    .readdirSync(dir)
    .some((f) => fs.statSync(path.join(dir, f)).isFile() && fs.readFileSync(path.join(dir, f)).includes(needle));
}

describe('secret store', () => {
  it('with OS protection: persists encrypted, never in plaintext, and survives a restart', async () => {
    const dir = tmp();
    const file = path.join(dir, 'secrets.bin');
    const a = new PersistentSecretStore({
      file,
      cipher: osCipher(dir),
      registry: new SecretRegistry(),
      weakConsent: () => false,
    });
    await a.set('refresh', SECRET);
    expect(a.status()).toEqual({ protection: 'os', persistent: true, backend: 'test-keychain' });
    expect(everyFileContains(dir, SECRET)).toBe(false);
    const b = new PersistentSecretStore({
      file,
      cipher: osCipher(dir),
      registry: new SecretRegistry(),
      weakConsent: () => false,
    });
    expect(await b.get('refresh')).toBe(SECRET);
  });

  it('with weak protection and no consent: keeps secrets in memory only, writes nothing', async () => {
    const dir = tmp();
    const file = path.join(dir, 'secrets.bin');
    const s = new PersistentSecretStore({
      file,
      cipher: localKeyCipher(path.join(dir, 'k')),
      registry: new SecretRegistry(),
      weakConsent: () => false,
    });
    await s.set('refresh', SECRET);
    expect(await s.get('refresh')).toBe(SECRET);
    expect(fs.existsSync(file)).toBe(false);
    expect(s.status()).toMatchObject({ protection: 'weak', persistent: false });
  });

  it('follows consent: granting writes the file, withdrawing removes it', async () => {
    const dir = tmp();
    const file = path.join(dir, 'secrets.bin');
    let consent = false;
    const s = new PersistentSecretStore({
      file,
      cipher: localKeyCipher(path.join(dir, 'k')),
      registry: new SecretRegistry(),
      weakConsent: () => consent,
    });
    await s.set('refresh', SECRET);
    consent = true;
    await s.refreshPersistence();
    expect(fs.existsSync(file)).toBe(true);
    expect(everyFileContains(dir, SECRET)).toBe(false);
    consent = false;
    await s.refreshPersistence();
    expect(fs.existsSync(file)).toBe(false);
    expect(await s.get('refresh')).toBe(SECRET);
  });

  it('without any cipher: memory only', async () => {
    const dir = tmp();
    const s = new PersistentSecretStore({
      file: path.join(dir, 's.bin'),
      cipher: null,
      registry: new SecretRegistry(),
      weakConsent: () => true,
    });
    await s.set('k', SECRET);
    expect(s.status()).toEqual({ protection: 'memory', persistent: false, backend: 'memory' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('sets an undecryptable file aside and starts empty', async () => {
    const dir = tmp();
    const file = path.join(dir, 'secrets.bin');
    fs.writeFileSync(file, Buffer.from('garbage garbage garbage garbage garbage'));
    const s = new PersistentSecretStore({
      file,
      cipher: osCipher(dir),
      registry: new SecretRegistry(),
      weakConsent: () => false,
    });
    expect(await s.get('refresh')).toBeUndefined();
    expect(fs.readdirSync(dir).some((f) => f.startsWith('secrets.bin.unreadable-'))).toBe(true);
  });

  it('registers values for redaction and clears everything on clear()', async () => {
    const dir = tmp();
    const registry = new SecretRegistry();
    const file = path.join(dir, 'secrets.bin');
    const s = new PersistentSecretStore({ file, cipher: osCipher(dir), registry, weakConsent: () => false });
    await s.set('a', SECRET);
    expect(registry.scrub(`x ${SECRET} y`)).toBe('x [redacted] y');
    await s.clear();
    expect(await s.get('a')).toBeUndefined();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('keeps the previous value when the disk refuses the write', async () => {
    const dir = tmp();
    const inner = osCipher(dir);
    let diskFull = false;
    const cipher: SecretCipher = {
      ...inner,
      encrypt: (plain) => {
        if (diskFull) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        return inner.encrypt(plain);
      },
    };
    const file = path.join(dir, 'secrets.bin');
    const s = new PersistentSecretStore({ file, cipher, registry: new SecretRegistry(), weakConsent: () => false });
    await s.set('a', 'first-value-123456');
    diskFull = true;
    await expect(s.set('a', 'second-value-123456')).rejects.toThrow('ENOSPC');
    expect(await s.get('a')).toBe('first-value-123456');
    diskFull = false;
    const reopened = new PersistentSecretStore({
      file,
      cipher,
      registry: new SecretRegistry(),
      weakConsent: () => false,
    });
    expect(await reopened.get('a')).toBe('first-value-123456');
  });
});
