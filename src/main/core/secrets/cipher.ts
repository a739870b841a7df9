import crypto from 'node:crypto';
import fs from 'node:fs';
import { writeFileAtomic } from '../fs/atomic-write';

/** How a secret store turns values into bytes at rest. The app plugs in Electron safeStorage. */
export interface SecretCipher {
  /** os: the OS keychain holds the key; weak: the key sits beside the data (obfuscation only). */
  readonly protection: 'os' | 'weak';
  readonly backend: string;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

/** AES-256-GCM with a key file next to the data. Only obfuscation: anyone who can read both files can decrypt. */
export function localKeyCipher(keyFile: string): SecretCipher {
  let key: Buffer;
  if (fs.existsSync(keyFile)) key = fs.readFileSync(keyFile);
  else {
    key = crypto.randomBytes(32);
    writeFileAtomic(keyFile, key, 0o600);
  }
  if (key.length !== 32) throw new Error('The local secret key file is damaged.');
  return {
    protection: 'weak',
    backend: 'local-key-file',
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const c = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decrypt(data) {
      const d = crypto.createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      d.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8');
    },
  };
}
