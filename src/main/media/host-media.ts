/**
 * What a host needs from the core to serve media: stored blobs by SHA-256 and a folder for
 * browser uploads. The core provides this as `core.media`; tests pass a plain object.
 */
export interface HostMedia {
  /** The file of an existing, valid blob; null for an unknown or malformed SHA-256. */
  blobPath(sha256: string): string | null;
  /** Where browser-mode uploads land before `library.importUploads` takes them. */
  uploadsDir: string;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Only 64 lowercase hex digits name a blob; anything else never reaches the file system. */
export function isSha256(value: string): boolean {
  return SHA256_HEX.test(value);
}
