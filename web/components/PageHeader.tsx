import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Usually a TabNav, drawn flush with the header's bottom border. */
  children?: ReactNode;
};

export function PageHeader({ title, description, actions, children }: PageHeaderProps) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className={`mx-auto max-w-6xl px-5 sm:px-8 ${children ? 'pt-8' : 'py-8'}`}>
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
          </div>
          {actions && <div className="flex items-center gap-2">{actions}</div>}
        </div>
        {children && <div className="mt-6">{children}</div>}
      </div>
    </div>
  );
}
