import fs from 'node:fs';
import type { SecretsStatus } from '../../../shared/contract';
import { writeFileAtomic } from '../fs/atomic-write';
import type { Logger, SecretStore } from '../ports';
import type { SecretRegistry } from '../redact';
import type { SecretCipher } from './cipher';

export interface SecretStoreOptions {
  file: string;
  cipher: SecretCipher | null;
  registry: SecretRegistry;
  /** Whether the user agreed to keep secrets with weak protection. Asked on every write. */
  weakConsent: () => boolean;
  logger?: Logger;
}

/**
 * Secrets kept in memory and, when the protection allows it, persisted encrypted to one file
 * (atomic write with fsync, so a new token pair is durable before it is used). Without OS
 * protection and without the user's consent nothing is written to disk.
 */
export class PersistentSecretStore implements SecretStore {
  private values = new Map<string, string>();

  constructor(private readonly options: SecretStoreOptions) {
    if (this.persistent()) this.values = this.readFile();
    else if (fs.existsSync(options.file)) {
      // Consent was withdrawn or protection lost: the old file must not linger.
      fs.rmSync(options.file, { force: true });
    }
    for (const v of this.values.values()) options.registry.add(v);
  }

  private persistent(): boolean {
    const { cipher } = this.options;
    return cipher !== null && (cipher.protection === 'os' || this.options.weakConsent());
  }

  private readFile(): Map<string, string> {
    const { file, cipher, logger } = this.options;
    if (!cipher || !fs.existsSync(file)) return new Map();
    try {
      const plain = cipher.decrypt(fs.readFileSync(file));
      const obj = JSON.parse(plain) as Record<string, string>;
      return new Map(Object.entries(obj).filter(([, v]) => typeof v === 'string'));
    } catch (e) {
      // Unreadable secrets cannot be recovered; the user signs in again. Keep the file for diagnosis.
      fs.renameSync(file, `${file}.unreadable-${Date.now()}`);
      logger?.warn('secret file could not be decrypted; it was kept aside', { error: (e as Error).message });
      return new Map();
    }
  }

  private flush(): void {
    const { file, cipher } = this.options;
    if (!this.persistent() || !cipher) {
      fs.rmSync(file, { force: true });
      return;
    }
    if (this.values.size === 0) {
      fs.rmSync(file, { force: true });
      return;
    }
    writeFileAtomic(file, cipher.encrypt(JSON.stringify(Object.fromEntries(this.values))));
  }

  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    const previous = this.values.get(key);
    this.values.set(key, value);
    this.options.registry.add(value);
    try {
      this.flush();
    } catch (e) {
      if (previous === undefined) this.values.delete(key);
      else this.values.set(key, previous);
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.flush();
  }

  async clear(): Promise<void> {
    this.values.clear();
    this.flush();
  }

  /** Re-evaluate persistence after consent changed: write now, or remove the file. */
  async refreshPersistence(): Promise<void> {
    this.flush();
  }

  status(): SecretsStatus {
    const { cipher } = this.options;
    return {
      protection: cipher ? cipher.protection : 'memory',
      persistent: this.persistent(),
      backend: cipher ? cipher.backend : 'memory',
    };
  }
}
