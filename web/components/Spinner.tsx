type SpinnerProps = { className?: string; label?: string };

export function Spinner({ className = 'size-5', label }: SpinnerProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`animate-spin ${className}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle
        cx="12"
        cy="12"
        r="9.5"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.2"
        strokeWidth="2.5"
      />
      <path
        d="M21.5 12A9.5 9.5 0 0 0 12 2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
