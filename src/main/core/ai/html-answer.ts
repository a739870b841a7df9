import type { AppError } from '../../../shared/errors';
import { htmlMessage, looksLikeHtml } from '../platform/http/html-message';
import type { HttpResponse } from '../platform/http';

/**
 * A 2xx answer that is a web page (a proxy's or a captive portal's sign-in page, a gateway's
 * notice) is never a result: the job fails with the page's title, if it has one.
 */
export function htmlAnswer(res: Pick<HttpResponse, 'headers' | 'body' | 'text'>): AppError | null {
  const type = (res.headers.get('content-type') ?? '').toLowerCase();
  const text = typeof res.body === 'string' ? res.body : '';
  if (!type.includes('html') && !looksLikeHtml(text)) return null;
  const title = htmlMessage(res.text || text);
  return {
    code: 'unavailable',
    message:
      `The platform answered with a web page instead of a result${title ? ` (“${title}”)` : ''}; ` +
      `a proxy or a sign-in page may be in the way.`,
    hint: 'Check the platform address in Settings and your network (proxy, captive portal), then retry.',
  };
}
