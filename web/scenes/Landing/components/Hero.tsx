import { ArrowRightIcon, CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/Button';
import { ProductPreview } from './ProductPreview';

const HIGHLIGHTS = ['$25/month flat', 'Unlimited users', 'Official WhatsApp Business Platform'];

export function Hero({ onEarlyAccess }: { onEarlyAccess: () => void }) {
  return (
    <section className="relative overflow-hidden bg-ink-950 pt-32 pb-20 sm:pt-40">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_50%_at_50%_0%,rgb(37_211_102/0.22),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:56px_56px] [mask-image:radial-gradient(70%_60%_at_50%_20%,black,transparent)]"
      />

      <div className="relative mx-auto max-w-6xl px-5 text-center sm:px-8">
        <p className="mx-auto inline-flex items-center gap-2 rounded-full bg-white/5 px-3 py-1 text-xs font-medium text-brand-300 ring-1 ring-white/10 ring-inset">
          <span className="size-1.5 rounded-full bg-brand-400" />
          Early access is open
        </p>
        <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-white sm:text-6xl sm:leading-[1.05]">
          The shared WhatsApp inbox your whole team can work from
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base leading-7 text-pretty text-ink-100/75 sm:text-lg sm:leading-8">
          Switchboard brings every customer conversation into one shared team inbox, drafts AI-powered
          replies, keeps a built-in CRM of your contacts, and gives you marketing campaign tools — on the
          official WhatsApp Business Platform.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button
            variant="brand"
            size="lg"
            onClick={onEarlyAccess}
            icon={<ArrowRightIcon className="order-last size-4" />}
          >
            Get Early Access
          </Button>
          <Link
            to="/sign-in"
            className="inline-flex h-12 items-center rounded-lg px-5 text-[15px] font-medium text-white ring-1 ring-white/15 transition-colors ring-inset hover:bg-white/5"
          >
            Sign In
          </Link>
        </div>
        <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-ink-100/70">
          {HIGHLIGHTS.map((item) => (
            <li key={item} className="inline-flex items-center gap-1.5">
              <CheckIcon className="size-4 text-brand-400" />
              {item}
            </li>
          ))}
        </ul>

        <div className="relative mx-auto mt-16 max-w-5xl">
          <div
            aria-hidden="true"
            className="absolute -inset-x-8 -inset-y-6 rounded-[2rem] bg-brand-500/10 blur-3xl"
          />
          <ProductPreview />
        </div>
      </div>
    </section>
  );
}
