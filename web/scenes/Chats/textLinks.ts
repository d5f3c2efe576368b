/**
 * Splits message text into plain runs and links (http/https URLs, www. addresses, e-mail addresses).
 * Text stays text: nothing here is ever parsed as HTML.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;
/** Punctuation that usually ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?'")\]}]+$/;

function hrefOf(text: string): string | null {
  if (/^https?:\/\//i.test(text)) return text;
  if (/^www\./i.test(text)) return `https://${text}`;
  if (text.includes('@')) return `mailto:${text}`;
  return null;
}

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let offset = 0;
  for (const match of text.matchAll(LINK)) {
    let found = match[0];
    const start = match.index;
    // Keep a closing bracket that belongs to the URL ('…/Foo_(bar)'), drop sentence punctuation.
    const trailing = found.match(TRAILING)?.[0] ?? '';
    if (trailing && !(trailing === ')' && found.includes('('))) found = found.slice(0, -trailing.length);
    const href = hrefOf(found);
    if (!href || found.length === 0) continue;
    if (start > offset) parts.push({ kind: 'text', text: text.slice(offset, start) });
    parts.push({ kind: 'link', text: found, href });
    offset = start + found.length;
  }
  if (offset < text.length) parts.push({ kind: 'text', text: text.slice(offset) });
  return parts;
}
