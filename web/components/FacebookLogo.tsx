import type { SVGProps } from 'react';

/** Facebook's round "f" mark, in its own blue: a brand logo, so it is not in the icon set. */
export function FacebookIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" width="1em" height="1em" {...props}>
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path
        d="M13.4 20.9v-6.6h2.2l.4-2.7h-2.6V9.9c0-.8.3-1.4 1.4-1.4H16V6.2a15 15 0 0 0-2.1-.2c-2.2 0-3.6 1.3-3.6 3.7v1.9H8v2.7h2.3v6.6"
        fill="#1877F2"
      />
    </svg>
  );
}
