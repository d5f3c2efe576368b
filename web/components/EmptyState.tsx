import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  badge?: string;
  className?: string;
};

/** A centred illustration + text block for empty, placeholder and "coming soon" areas. */
export function EmptyState({ icon, title, description, action, badge, className = '' }: EmptyStateProps) {
  return (
    <div className={`flex flex-col items-center justify-center px-6 py-16 text-center ${className}`}>
      {icon && (
        <div className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-gradient-to-b from-ink-50 to-ink-100 text-ink-700 ring-1 ring-ink-200/60">
          {icon}
        </div>
      )}
      {badge && (
        <span className="mb-3 rounded-full bg-brand-50 px-2.5 py-1 text-[11px] font-semibold tracking-wide text-brand-800 uppercase ring-1 ring-brand-200 ring-inset">
          {badge}
        </span>
      )}
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description && <div className="mt-1.5 max-w-sm text-sm leading-6 text-slate-500">{description}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
