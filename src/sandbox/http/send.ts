import type { ServerResponse } from 'node:http';
import type { Reply } from './reply';

const statusTexts: Record<number, string> = {
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function htmlPage(status: number): string {
  const title = `${status} ${statusTexts[status] ?? 'Error'}`;
  return (
    `<!DOCTYPE html>\n<html><head><title>${title}</title></head>` +
    `<body><h1>${title}</h1><hr><p>sandbox (injected fault)</p></body></html>\n`
  );
}

function encode(reply: Reply): { data: Buffer; contentType: string } {
  if (reply.kind === 'raw') return { data: reply.data, contentType: reply.contentType };
  if (reply.kind === 'html')
    return { data: Buffer.from(htmlPage(reply.status)), contentType: 'text/html; charset=utf-8' };
  return {
    data: Buffer.from(JSON.stringify(reply.body)),
    contentType: reply.contentType ?? 'application/json; charset=utf-8',
  };
}

export function sendReply(res: ServerResponse, reply: Reply, corrupt = false): void {
  if (res.destroyed || res.headersSent) return;
  const encoded = encode(reply);
  // A strict prefix of a JSON document never parses, which is exactly the fault wanted.
  const data = corrupt ? encoded.data.subarray(0, Math.max(1, Math.floor(encoded.data.length / 2))) : encoded.data;
  res.writeHead(reply.status, {
    ...reply.headers,
    'content-type': encoded.contentType,
    'content-length': String(data.length),
  });
  res.end(data);
}
