import { CircleCheckIcon, InfoIcon, TriangleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type AlertTone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<AlertTone, { box: string; icon: string }> = {
  error: { box: 'bg-red-50 text-red-800 ring-red-200', icon: 'text-red-500' },
  success: { box: 'bg-brand-50 text-brand-900 ring-brand-200', icon: 'text-brand-600' },
  info: { box: 'bg-sky-50 text-sky-900 ring-sky-200', icon: 'text-sky-500' },
  warning: { box: 'bg-amber-50 text-amber-900 ring-amber-200', icon: 'text-amber-500' },
};

type AlertProps = {
  tone?: AlertTone;
  title?: string;
  children: ReactNode;
  className?: string;
  testId?: string;
};

/** An inline message box; errors are announced to screen readers right away. */
export function Alert({ tone = 'error', title, children, className = '', testId }: AlertProps) {
  const Icon =
    tone === 'error' || tone === 'warning'
      ? TriangleAlertIcon
      : tone === 'success'
        ? CircleCheckIcon
        : InfoIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      className={`flex gap-3 rounded-lg px-3.5 py-3 text-sm ring-1 ring-inset ${TONES[tone].box} ${className}`}
    >
      <Icon className={`mt-px size-[18px] shrink-0 ${TONES[tone].icon}`} />
      <div className="min-w-0 leading-5">
        {title && <p className="font-semibold">{title}</p>}
        <div className={title ? 'mt-0.5 opacity-90' : ''}>{children}</div>
      </div>
    </div>
  );
}
