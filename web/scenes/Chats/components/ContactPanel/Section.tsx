import type { ReactNode } from 'react';

/** A titled block of the contact panel. */
export function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="border-t border-slate-100 px-5 py-4" data-testid={testId} aria-label={title}>
      <div className="mb-2.5 flex min-h-5 items-center justify-between gap-2">
        <h4 className="text-[11px] font-semibold tracking-[0.06em] text-slate-500 uppercase">{title}</h4>
        {action}
      </div>
      {children}
    </section>
  );
}
