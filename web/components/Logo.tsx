import { Link } from 'react-router';

type LogoProps = {
  /** Light wordmark for dark backgrounds. */
  inverted?: boolean;
  to?: string;
  className?: string;
};

export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#0B3B36" />
      <path
        d="M9 11.5A3.5 3.5 0 0 1 12.5 8h7A3.5 3.5 0 0 1 23 11.5v5a3.5 3.5 0 0 1-3.5 3.5H15l-4.2 3.4c-.5.4-1.3 0-1.3-.6V20A3.5 3.5 0 0 1 9 16.5z"
        fill="#25D366"
      />
      <circle cx="13" cy="14" r="1.5" fill="#0B3B36" />
      <circle cx="19" cy="14" r="1.5" fill="#0B3B36" />
      <path d="M14.5 14h3" stroke="#0B3B36" strokeWidth="1.4" />
    </svg>
  );
}

export function Logo({ inverted = false, to = '/', className = '' }: LogoProps) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-2.5 rounded-md ${className}`}
      aria-label="Switchboard home"
    >
      <span className={`rounded-lg ${inverted ? 'ring-1 ring-white/15' : ''}`}>
        <LogoMark className="block size-8" />
      </span>
      <span
        className={`text-[17px] font-semibold tracking-tight ${inverted ? 'text-white' : 'text-slate-900'}`}
      >
        Switchboard
      </span>
    </Link>
  );
}
