import { windowStatus } from '../windowStatus';

type WindowTimerProps = {
  windowClosesAt: string | null;
  now: number;
  variant: 'ring' | 'badge' | 'dot';
  className?: string;
};

const TONE = {
  green: {
    text: 'text-emerald-700',
    bg: 'bg-emerald-50 ring-emerald-200',
    dot: 'bg-emerald-500',
    stroke: '#10b981',
  },
  amber: { text: 'text-amber-700', bg: 'bg-amber-50 ring-amber-200', dot: 'bg-amber-500', stroke: '#f59e0b' },
  red: { text: 'text-red-700', bg: 'bg-red-50 ring-red-200', dot: 'bg-red-500', stroke: '#ef4444' },
} as const;

const RING_RADIUS = 8;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * The 24-hour window (spec §4): green over 12 h, amber 2–12 h, red and pulsing under 2 h, 'Window
 * closed … ago' after; nothing when the customer never wrote. Ring, badge and dot variants; the
 * caller passes the server's clock, refreshed every minute.
 */
export function WindowTimer({ windowClosesAt, now, variant, className = '' }: WindowTimerProps) {
  const status = windowStatus(windowClosesAt, now);
  if (status.state === 'none') return null;

  if (status.state === 'closed') {
    if (variant === 'dot') return null;
    return (
      <span
        className={`inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 ${className}`}
        data-testid="window-timer"
        data-state="closed"
      >
        <span className="size-1.5 rounded-full bg-slate-400" />
        {status.label}
      </span>
    );
  }

  const tone = TONE[status.tone];
  const pulse = status.tone === 'red' ? 'animate-pulse' : '';
  const title = `Messaging window: ${status.label}`;

  if (variant === 'dot') {
    return (
      <span
        title={title}
        aria-label={title}
        role="img"
        className={`inline-block size-2.5 rounded-full ring-2 ring-white ${tone.dot} ${pulse} ${className}`}
        data-testid="window-dot"
        data-tone={status.tone}
      />
    );
  }

  if (variant === 'badge') {
    return (
      <span
        title={title}
        className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ${tone.bg} ${tone.text} ${pulse} ${className}`}
        data-testid="window-timer"
        data-state="open"
        data-tone={status.tone}
      >
        <span className={`size-1.5 rounded-full ${tone.dot}`} />
        {status.label}
      </span>
    );
  }

  return (
    <span
      title={title}
      className={`inline-flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-xs font-medium ring-1 ${tone.bg} ${tone.text} ${className}`}
      data-testid="window-timer"
      data-state="open"
      data-tone={status.tone}
    >
      <svg viewBox="0 0 20 20" className={`size-5 -rotate-90 ${pulse}`} aria-hidden="true">
        <circle
          cx="10"
          cy="10"
          r={RING_RADIUS}
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.15"
          strokeWidth="3"
        />
        <circle
          cx="10"
          cy="10"
          r={RING_RADIUS}
          fill="none"
          stroke={tone.stroke}
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - status.fraction)}
        />
      </svg>
      {status.label}
    </span>
  );
}
