import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface ServedBlob {
  url: string;
  release(): void;
}

function serve(blobs: Map<string, Buffer>, req: IncomingMessage, res: ServerResponse): void {
  const blob = blobs.get((req.url ?? '').slice(1));
  if (!blob || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404).end();
    return;
  }
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  let start = 0;
  let end = blob.length - 1;
  if (range) {
    start = range[1] ? Number(range[1]) : Math.max(0, blob.length - Number(range[2]));
    end = range[1] && range[2] ? Math.min(Number(range[2]), end) : end;
    if (start > end || start >= blob.length) {
      res.writeHead(416, { 'content-range': `bytes */${blob.length}` }).end();
      return;
    }
  }
  const headers: Record<string, string> = {
    'accept-ranges': 'bytes',
    'content-length': String(end - start + 1),
    'content-type': 'application/octet-stream',
  };
  if (range) headers['content-range'] = `bytes ${start}-${end}/${blob.length}`;
  res.writeHead(range ? 206 : 200, headers);
  res.end(req.method === 'HEAD' ? undefined : blob.subarray(start, end + 1));
}

/**
 * Hands in-memory media to ffmpeg over loopback HTTP with range support: MP4 inputs need
 * seeking, which a pipe cannot give, and temp files would write outside the data folder.
 */
export function createBlobServer() {
  const blobs = new Map<string, Buffer>();
  let server: Server | null = null;
  let base: Promise<string> | null = null;

  function start(): Promise<string> {
    base ??= new Promise((resolve, reject) => {
      const created = createServer((req, res) => serve(blobs, req, res));
      server = created;
      created.on('error', reject);
      created.listen(0, '127.0.0.1', () => {
        resolve(`http://127.0.0.1:${(created.address() as AddressInfo).port}`);
      });
    });
    return base;
  }

  return {
    async serve(data: Buffer): Promise<ServedBlob> {
      const origin = await start();
      const id = randomBytes(16).toString('hex');
      blobs.set(id, data);
      return { url: `${origin}/${id}`, release: () => blobs.delete(id) };
    },

    async close(): Promise<void> {
      blobs.clear();
      const current = server;
      server = null;
      base = null;
      if (!current) return;
      await new Promise<void>((resolve) => {
        current.close(() => resolve());
        current.closeAllConnections();
      });
    },
  };
}

export type BlobServer = ReturnType<typeof createBlobServer>;
