import type { Findings } from './findings';
import type { OpenApiDocument } from './operations';

const RESERVED = new Set(['sandbox', 'platform']);

/** The profile's id and name from the document's title; never a built-in profile's id. */
export function proposeIdentity(doc: OpenApiDocument, findings: Findings): { id: string; name: string } {
  const title = doc.info?.title?.trim() ?? '';
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  const id = !slug ? 'openapi-profile' : RESERVED.has(slug) ? `${slug}-openapi` : slug;
  const name = (title || 'Imported from OpenAPI').slice(0, 100);
  findings.add(title ? 'found' : 'missing', 'name', title ? `"${name}" (info.title)` : 'the document has no title');
  findings.add(slug ? 'guessed' : 'missing', 'id', `"${id}", made from the title: change it to keep several versions`);
  return { id, name };
}

/** The server's address, and its path (which goes in front of every profile path). */
export function proposeServer(
  doc: OpenApiDocument,
  findings: Findings,
  documentUrl?: string,
): { baseUrl: string | null; prefix: string } {
  const server = doc.servers?.[0];
  if (!server) {
    findings.add('missing', 'baseUrl', 'the document names no server: enter the address when you choose the profile');
    return { baseUrl: null, prefix: '' };
  }
  // Server variables ("https://{region}.example.com") take their defaults.
  const written = server.url.replace(
    /\{([^}]+)\}/g,
    (whole, name: string) => server.variables?.[name]?.default ?? whole,
  );
  // A relative server ("/api") is read against the document's own address, when it came from one.
  let url: URL;
  try {
    url = new URL(written, documentUrl ?? 'http://relative.invalid');
  } catch {
    url = new URL('http://relative.invalid');
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  if (!/^https?:$/.test(url.protocol) || url.hostname === 'relative.invalid' || /[{}]/.test(written)) {
    findings.add(
      'missing',
      'baseUrl',
      `"${server.url}" (servers[0]) is not a full address: enter it when you choose the profile`,
    );
    return { baseUrl: null, prefix: /[{}]/.test(prefix) ? '' : prefix };
  }
  findings.add(
    'found',
    'baseUrl',
    `"${url.origin}" (servers[0]${written !== server.url ? ', variables at their defaults' : ''})`,
  );
  if (prefix) findings.add('found', 'paths', `every path starts with "${prefix}", the server's path`);
  return { baseUrl: url.origin, prefix };
}
