import { cleanText } from './clean-text';
import { htmlMessage, looksLikeHtml } from './html-message';
import type { ErrorFields } from '../../../../shared/profile';
import { jsonMessage } from './server-message';

export type ParsedBody =
  | { kind: 'empty'; value: null }
  | { kind: 'json'; value: unknown }
  | { kind: 'html'; value: string }
  | { kind: 'text'; value: string }
  /** Said (or looked like) JSON but did not parse: truncated or garbled. */
  | { kind: 'malformed'; value: string };

/** Tolerant reading of an answer: trust the content-type when it says JSON or HTML, sniff otherwise. */
export function parseBody(text: string, contentType: string | null): ParsedBody {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'empty', value: null };
  const type = (contentType ?? '').toLowerCase();
  const saysJson = /[/+]json\b/.test(type);
  const saysHtml = type.includes('html');
  if (saysJson || (!saysHtml && /^[[{]/.test(trimmed))) {
    try {
      return { kind: 'json', value: JSON.parse(trimmed) as unknown };
    } catch {
      // A text/plain body that merely starts with a brace is just text; anything else claiming JSON is broken.
      if (saysJson || !type.startsWith('text/')) return { kind: 'malformed', value: text };
    }
  }
  if (saysHtml || looksLikeHtml(trimmed)) return { kind: 'html', value: text };
  return { kind: 'text', value: text };
}

/** The server's own message, when the answer carries one a person can read. */
export function serverMessage(parsed: ParsedBody, fields?: ErrorFields): string | undefined {
  switch (parsed.kind) {
    case 'json':
      return jsonMessage(parsed.value, fields);
    case 'html':
      return htmlMessage(parsed.value);
    case 'text': {
      const line = parsed.value.split(/\r?\n/).find((l) => l.trim());
      return line === undefined ? undefined : cleanText(line) || undefined;
    }
    default:
      return undefined;
  }
}
