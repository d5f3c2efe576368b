/** The phone screen's own marks, drawn as WhatsApp draws them: delivery ticks, the verified badge, the status bar. */

/** One grey tick (sent), two (delivered), two blue (read); a clock while sending. */
export function StatusTicks({ status, className = '' }: { status: string; className?: string }) {
  if (status === 'failed') {
    return (
      <svg viewBox="0 0 16 16" className={`size-3.5 text-red-500 ${className}`} aria-label="Failed">
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.5v4.2M8 10.8v.4" stroke="white" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    );
  }
  const double = status === 'delivered' || status === 'read';
  const color = status === 'read' ? 'text-[#53bdeb]' : 'text-slate-400';
  return (
    <svg viewBox="0 0 18 12" className={`h-3 w-[18px] ${color} ${className}`} aria-label={status} role="img">
      <path
        d="M1 6.6 4.2 9.8 11.2 2.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      {double && (
        <path
          d="M7.4 9.2 8 9.8 15 2.4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

export function VerifiedBadge({ className = 'size-4' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-label="Verified business" role="img">
      <path
        fill="#25d366"
        d="M12 1.8l2.6 1.9 3.2-.1 1 3 2.6 1.9-1 3.1 1 3-2.6 1.9-1 3-3.2-.1L12 22.2l-2.6-1.9-3.2.1-1-3-2.6-1.9 1-3-1-3.1 2.6-1.9 1-3 3.2.1z"
      />
      <path d="M8 12.2l2.7 2.7L16.2 9.4" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Signal, Wi-Fi and battery glyphs of the phone's status bar. */
export function StatusBarGlyphs() {
  return (
    <span className="flex items-center gap-1.5" aria-hidden="true">
      <svg viewBox="0 0 18 12" className="h-2.5 w-4" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <rect key={i} x={i * 4.5} y={9 - i * 3} width="3" height={3 + i * 3} rx="0.8" fill="currentColor" />
        ))}
      </svg>
      <svg viewBox="0 0 16 12" className="h-2.5 w-3.5" aria-hidden="true">
        <path d="M8 11.2 5.6 8.8a3.4 3.4 0 0 1 4.8 0z" fill="currentColor" />
        <path
          d="M3.6 6.8a6.2 6.2 0 0 1 8.8 0M1.4 4.6a9.3 9.3 0 0 1 13.2 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
      <svg viewBox="0 0 26 12" className="h-3 w-6" aria-hidden="true">
        <rect
          x="0.75"
          y="0.75"
          width="21.5"
          height="10.5"
          rx="3"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.45"
        />
        <rect x="2.5" y="2.5" width="15" height="7" rx="1.6" fill="currentColor" />
        <path d="M24 4.2v3.6a1.9 1.9 0 0 0 0-3.6z" fill="currentColor" fillOpacity="0.45" />
      </svg>
    </span>
  );
}
