import { z } from 'zod';
import type { PlatformProfileInput } from '../../../../shared/profile';
import type { ProposalContext } from './findings';

type HeaderScheme = PlatformProfileInput['auth']['scheme'];

const SecurityScheme = z
  .object({
    type: z.string(),
    scheme: z.string().optional(),
    in: z.string().optional(),
    name: z.string().optional(),
    description: z.string().optional(),
  })
  .loose();
type SecurityScheme = z.infer<typeof SecurityScheme>;

interface Named {
  key: string;
  scheme: SecurityScheme;
}

const PUBLISHED: HeaderScheme = { header: 'Authorization', prefix: 'Bearer ' };
const API_KEY_WORDS = /api[ _-]?key/i;

/** The document's schemes, those its requirements name first. */
function schemesOf(ctx: ProposalContext): Named[] {
  const defined = Object.entries(ctx.doc.components?.securitySchemes ?? {}).flatMap(([key, raw]) => {
    const parsed = SecurityScheme.safeParse(raw);
    return parsed.success ? [{ key, scheme: parsed.data }] : [];
  });
  const named = (ctx.doc.security ?? []).flatMap((req) => Object.keys(req));
  return [...defined].sort((a, b) => rank(named, a.key) - rank(named, b.key));
}

const rank = (named: string[], key: string) => (named.includes(key) ? named.indexOf(key) : named.length);

/** A token scheme: http (not basic/digest), an API key in a header, or OAuth/OpenID (bearer tokens). */
function tokenLike(s: SecurityScheme): boolean {
  if (s.type === 'http') return !/^(basic|digest)$/i.test(s.scheme ?? '');
  return (s.type === 'apiKey' && s.in === 'header') || s.type === 'oauth2' || s.type === 'openIdConnect';
}

/** "Send `Authorization: Token <access token>`" → "Token ". */
function prefixFromDescription(description: string | undefined): string | undefined {
  const word = /(?:^|[\s"'`])([A-Za-z][A-Za-z0-9._-]*) [<{]/.exec(description ?? '')?.[1];
  return word ? `${word} ` : undefined;
}

type Kind = 'found' | 'guessed';

function headerOf(named: Named): { value: HeaderScheme; kind: Kind; how: string } {
  const s = named.scheme;
  const where = `securitySchemes.${named.key}`;
  if (s.type === 'http' && /^bearer$/i.test(s.scheme ?? ''))
    return { value: PUBLISHED, kind: 'found', how: `http bearer (${where})` };
  if (s.type === 'http')
    return {
      value: { header: 'Authorization', prefix: `${s.scheme ?? ''} ` },
      kind: 'found',
      how: `http scheme "${s.scheme}" (${where})`,
    };
  if (s.type === 'apiKey') {
    const header = s.name ?? 'Authorization';
    const prefix = prefixFromDescription(s.description);
    if (prefix)
      return {
        value: { header, prefix },
        kind: 'guessed',
        how: `header "${header}", "${prefix.trim()}" read from its description (${where})`,
      };
    return { value: { header, prefix: '' }, kind: 'found', how: `header "${header}" with the bare value (${where})` };
  }
  return { value: PUBLISHED, kind: 'guessed', how: `${s.type} tokens travel as Bearer (${where})` };
}

/** The Authorization scheme for tokens, and for API keys when the document has a scheme of their own. */
export function proposeSchemes(ctx: ProposalContext): { scheme: HeaderScheme; apiKeyScheme: HeaderScheme } {
  const schemes = schemesOf(ctx);
  const token = schemes.find(
    (n) =>
      tokenLike(n.scheme) && !(n.scheme.type === 'apiKey' && API_KEY_WORDS.test(`${n.key} ${n.scheme.name ?? ''}`)),
  );
  const apiKey = schemes.find(
    (n) =>
      n !== token &&
      n.scheme.type === 'apiKey' &&
      n.scheme.in === 'header' &&
      API_KEY_WORDS.test(`${n.key} ${n.scheme.name ?? ''} ${n.scheme.description ?? ''}`),
  );
  const chosen = token ?? apiKey;
  let scheme = PUBLISHED;
  if (chosen) {
    const h = headerOf(chosen);
    scheme = h.value;
    ctx.findings.add(h.kind, 'auth.scheme', `${JSON.stringify(h.value.prefix)} in ${h.value.header}: ${h.how}`);
  } else
    ctx.findings.add(
      'missing',
      'auth.scheme',
      'no token security scheme in the document; "Bearer " in Authorization is kept',
    );
  if (apiKey && apiKey !== chosen) {
    const h = headerOf(apiKey);
    ctx.findings.add(h.kind, 'auth.apiKeyScheme', `${JSON.stringify(h.value.prefix)} in ${h.value.header}: ${h.how}`);
    return { scheme, apiKeyScheme: h.value };
  }
  if (chosen)
    ctx.findings.add(
      'guessed',
      'auth.apiKeyScheme',
      'no separate API key scheme in the document: keys are sent like tokens',
    );
  else
    ctx.findings.add('missing', 'auth.apiKeyScheme', 'no security scheme in the document; keys are sent like tokens');
  return { scheme, apiKeyScheme: scheme };
}
