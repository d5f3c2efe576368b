import type { ReactNode } from 'react';
import { splitLinks } from '../../textLinks';

/**
 * Message text as written: line breaks kept, links clickable, markup shown as the characters it is.
 * `children` follow the text inside the paragraph (the bubble's room for its time and ticks).
 */
export function TextBody({
  text,
  className = '',
  children,
}: {
  text: string;
  className?: string;
  children?: ReactNode;
}) {
  if (!text && !children) return null;
  return (
    <p className={`text-[14.2px] leading-[1.38] break-words whitespace-pre-wrap text-slate-900 ${className}`}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable string
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all text-sky-700 underline decoration-sky-700/30 underline-offset-2 hover:decoration-sky-700"
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
      {children}
    </p>
  );
}
