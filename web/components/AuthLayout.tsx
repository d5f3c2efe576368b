import { CheckIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './Logo';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Small print under the form (privacy notice, links). */
  footer?: ReactNode;
  /** Top-right corner of the form column, e.g. a sign-out link. */
  corner?: ReactNode;
  /** Wider form column for multi-field forms. */
  wide?: boolean;
};

const POINTS = [
  'One WhatsApp number for your whole team',
  'Assign chats, tag contacts and keep notes',
  'Templates, campaigns and AI-drafted replies',
];

function BrandPanel() {
  return (
    <div className="relative hidden overflow-hidden bg-ink-950 lg:flex lg:flex-col lg:justify-center lg:gap-16 lg:p-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(70%_60%_at_80%_10%,rgb(37_211_102/0.22),transparent_70%)]"
      />
      <div className="relative">
        <p className="text-sm font-medium text-brand-400">Shared team inbox for WhatsApp</p>
        <h2 className="mt-3 max-w-md text-3xl font-semibold tracking-tight text-balance text-white">
          Every customer conversation, shared by your whole team.
        </h2>
        <ul className="mt-8 space-y-3">
          {POINTS.map((point) => (
            <li key={point} className="flex items-center gap-3 text-sm text-ink-100/80">
              <span className="flex size-5 items-center justify-center rounded-full bg-brand-500/15 text-brand-400">
                <CheckIcon className="size-3.5" />
              </span>
              {point}
            </li>
          ))}
        </ul>
      </div>

      <div aria-hidden="true" className="relative max-w-md space-y-3">
        <div className="max-w-xs rounded-2xl rounded-bl-md bg-white/95 px-4 py-3 text-sm text-slate-800 shadow-lg">
          Hi! Do you have the blue one in a size M?
          <span className="mt-1 block text-right text-[11px] text-slate-500">09:41</span>
        </div>
        <div className="ml-auto max-w-xs rounded-2xl rounded-br-md bg-[#d9fdd3] px-4 py-3 text-sm text-slate-800 shadow-lg">
          We do! I've reserved one for you — pick it up any time today.
          <span className="mt-1 block text-right text-[11px] text-slate-600">09:42 · Maria</span>
        </div>
        <div className="flex items-center gap-2 pt-2 text-xs text-ink-100/60">
          <span className="size-1.5 rounded-full bg-brand-400" />
          Replied by your team in 1 minute
        </div>
      </div>
    </div>
  );
}

/** The two-column frame of the sign-in, sign-up and setup screens. */
export function AuthLayout({ title, subtitle, children, footer, corner, wide = false }: AuthLayoutProps) {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)]">
      <div className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <Logo />
          {corner}
        </div>
        <main className="flex flex-1 items-center justify-center py-12">
          <div className={`w-full ${wide ? 'max-w-md' : 'max-w-sm'} animate-fade-in`}>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <div className="mt-2 text-sm leading-6 text-slate-600">{subtitle}</div>}
            <div className="mt-8">{children}</div>
            {footer && <div className="mt-8 text-center text-xs leading-5 text-slate-500">{footer}</div>}
          </div>
        </main>
        <p className="text-center text-xs text-slate-500">
          © {new Date().getFullYear()} Switchboard ·{' '}
          <Link to="/privacy" className="hover:text-slate-700">
            Privacy
          </Link>
        </p>
      </div>
      <BrandPanel />
    </div>
  );
}

/** A styled in-app link for auth screens. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-ink-700 underline-offset-4 hover:text-ink-900 hover:underline">
      {children}
    </Link>
  );
}
