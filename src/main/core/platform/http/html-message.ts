import { cleanText } from './clean-text';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function textOf(fragment: string): string {
  return cleanText(decodeEntities(fragment.replace(/<[^>]*>/g, ' ')));
}

/** The human part of an HTML error page (proxy, gateway, framework): its <title>, else its first heading. */
export function htmlMessage(html: string): string | undefined {
  for (const pattern of [/<title[^>]*>([\s\S]*?)<\/title>/i, /<h[1-3][^>]*>([\s\S]*?)<\/h[1-3]>/i]) {
    const match = pattern.exec(html);
    const text = match?.[1] === undefined ? '' : textOf(match[1]);
    if (text) return text;
  }
  return undefined;
}

/** Cheap sniff for bodies served without (or with a wrong) content-type. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html|<head|<body|<title|<h1)/i.test(text);
}
