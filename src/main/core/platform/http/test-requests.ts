// Test helper (not product code): loopback servers closed after each test, and the error a request
// fails with. Apart from test-server.ts, which a child process loads without vitest.
import { afterEach, expect } from 'vitest';
import { PlatformError } from './index';
import { startServer, type Handler, type TestServer } from './test-server';

/**
 * For one test file: `server` starts a loopback server, `closeAfterTest` adds anything else; all are closed after each
 * test.
 */
export function loopbackServers(): {
  server(handler: Handler): Promise<TestServer>;
  closeAfterTest(close: () => Promise<void>): void;
} {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((c) => c()));
  });
  return {
    server: async (handler) => {
      const s = await startServer(handler);
      cleanups.push(() => s.close());
      return s;
    },
    closeAfterTest: (close) => void cleanups.push(close),
  };
}

/** The PlatformError the request fails with; the test fails if it succeeds or throws anything else. */
export async function failure(p: Promise<unknown>): Promise<PlatformError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PlatformError);
    return e as PlatformError;
  }
  throw new Error('expected the request to fail');
}
