import { safeStorage } from 'electron';
import type { SecretCipher } from '../core/secrets/cipher';

/**
 * Electron safeStorage as the secret cipher. On Linux without a keyring it falls back to a
 * hard-coded key ("basic_text"): that is only obfuscation, so it is reported as weak.
 */
export function safeStorageCipher(): SecretCipher | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  const backend =
    process.platform === 'linux'
      ? safeStorage.getSelectedStorageBackend()
      : process.platform === 'darwin'
        ? 'keychain'
        : 'dpapi';
  const weak = backend === 'basic_text' || backend === 'unknown';
  return {
    protection: weak ? 'weak' : 'os',
    backend,
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
