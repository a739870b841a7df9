import { afterEach, describe, expect, it, vi } from 'vitest';

const h = vi.hoisted(() => ({ available: true, backend: 'gnome_libsecret' }));
vi.mock('electron', () => ({
  safeStorage: {
    isEncryptionAvailable: () => h.available,
    getSelectedStorageBackend: () => h.backend,
    encryptString: (s: string) => Buffer.from(`enc:${s}`),
    decryptString: (b: Buffer) => b.toString().slice(4),
  },
}));

import { safeStorageCipher } from './secret-cipher';

const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
afterEach(() => Object.defineProperty(process, 'platform', platform));

describe('safeStorage cipher', () => {
  it('is OS-protected with a Linux keyring', () => {
    Object.defineProperty(process, 'platform', { value: 'linux' });
    h.available = true;
    h.backend = 'gnome_libsecret';
    const c = safeStorageCipher();
    expect(c?.protection).toBe('os');
    expect(c?.decrypt(c.encrypt('refresh-token-value'))).toBe('refresh-token-value');
  });

  it('is only weak on Linux without a keyring (basic_text)', () => {
    Object.defineProperty(process, 'platform', { value: 'linux' });
    h.available = true;
    h.backend = 'basic_text';
    expect(safeStorageCipher()?.protection).toBe('weak');
  });

  it('is absent when encryption is unavailable', () => {
    h.available = false;
    expect(safeStorageCipher()).toBeNull();
  });

  it('is OS-protected on macOS and Windows', () => {
    h.available = true;
    Object.defineProperty(process, 'platform', { value: 'darwin' });
    expect(safeStorageCipher()?.protection).toBe('os');
    Object.defineProperty(process, 'platform', { value: 'win32' });
    expect(safeStorageCipher()?.protection).toBe('os');
  });
});
