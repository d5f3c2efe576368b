import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"')\]]+)/g;

/** Plain text with every http(s) URL turned into a link. */
export function linkify(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let offset = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0];
    const start = match.index;
    if (start > offset) nodes.push(text.slice(offset, start));
    nodes.push(
      <a
        key={start}
        href={url}
        className="break-all font-medium text-ink-700 underline underline-offset-2 hover:text-ink-900"
      >
        {url}
      </a>,
    );
    offset = start + url.length;
  }
  if (offset < text.length) nodes.push(text.slice(offset));
  return nodes;
}
