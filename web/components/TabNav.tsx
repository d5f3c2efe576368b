import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export type TabItem = {
  to: string;
  label: string;
  icon?: ReactNode;
  /** Match the path exactly (for index tabs such as /app/settings). */
  end?: boolean;
  badge?: string;
};

/** Route-driven tabs: each tab is a link, the active one follows the URL. */
export function TabNav({ items, label }: { items: TabItem[]; label: string }) {
  return (
    <nav aria-label={label} className="-mb-px flex gap-6 overflow-x-auto">
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          className={({ isActive }) =>
            `inline-flex shrink-0 items-center gap-2 border-b-2 pt-1 pb-3 text-sm font-medium transition-colors ${
              isActive
                ? 'border-ink-800 text-slate-900'
                : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700'
            }`
          }
        >
          {item.icon}
          {item.label}
          {item.badge && (
            <span className="rounded-full bg-slate-100 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-slate-500 uppercase">
              {item.badge}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
