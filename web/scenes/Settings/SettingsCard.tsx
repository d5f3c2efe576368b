import type { ReactNode } from 'react';

/** A titled settings section: label column on the left, content card on the right. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="grid grid-cols-1 gap-6 border-b border-slate-200 py-8 first:pt-0 last:border-0 md:grid-cols-3">
      <div>
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-1 text-sm leading-6 text-slate-500">{description}</p>}
      </div>
      <div className="min-w-0 rounded-2xl bg-white ring-1 ring-slate-200 md:col-span-2">{children}</div>
    </section>
  );
}

export function DetailRows({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map((row) => (
        <div key={row.label} className="grid grid-cols-3 gap-4 px-6 py-4 text-sm">
          <dt className="text-slate-500">{row.label}</dt>
          <dd className="col-span-2 min-w-0 truncate text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
