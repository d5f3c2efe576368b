import { CheckIcon } from 'lucide-react';
import { Button } from '../../../components/Button';

const INCLUDED = [
  'Unlimited users and teammates',
  'Shared inbox with assignments',
  'AI-powered reply suggestions',
  'Contacts, tags and notes (CRM)',
  'Message templates and campaigns',
  'Team-wide saved replies',
];

export function Pricing({ onEarlyAccess }: { onEarlyAccess: () => void }) {
  return (
    <section id="pricing" className="scroll-mt-8 bg-slate-50 py-24 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-brand-700">Pricing</p>
          <h2 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            One flat price. Your whole team.
          </h2>
          <p className="mt-4 text-base leading-7 text-slate-600">
            No per-seat maths. Add every teammate who talks to customers.
          </p>
        </div>

        <div className="mx-auto mt-14 grid max-w-4xl overflow-hidden rounded-3xl bg-white shadow-card ring-1 ring-slate-200 lg:grid-cols-5">
          <div className="p-8 sm:p-10 lg:col-span-3">
            <h3 className="text-xl font-semibold tracking-tight text-slate-900">Switchboard Team</h3>
            <p className="mt-2 text-sm leading-6 text-slate-600">
              Everything you need to run customer conversations on WhatsApp as a team.
            </p>
            <div className="mt-8 flex items-center gap-4">
              <h4 className="shrink-0 text-sm font-semibold text-brand-700">What's included</h4>
              <div className="h-px flex-1 bg-slate-100" />
            </div>
            <ul className="mt-6 grid gap-3 text-sm text-slate-700 sm:grid-cols-2">
              {INCLUDED.map((item) => (
                <li key={item} className="flex gap-2.5">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col justify-center bg-ink-950 p-8 text-center sm:p-10 lg:col-span-2">
            <p className="text-sm font-medium text-ink-100/70">Flat monthly price</p>
            <p className="mt-4 flex items-baseline justify-center gap-1">
              <span className="text-5xl font-semibold tracking-tight text-white">$25</span>
              <span className="text-sm font-medium text-ink-100/70">/month</span>
            </p>
            <p className="mt-2 text-sm font-medium text-brand-400">Unlimited users</p>
            <Button variant="brand" block className="mt-8" onClick={onEarlyAccess}>
              Get Early Access
            </Button>
            <p className="mt-4 text-xs text-ink-100/60">WhatsApp conversation fees are billed by Meta.</p>
          </div>
        </div>
      </div>
    </section>
  );
}
