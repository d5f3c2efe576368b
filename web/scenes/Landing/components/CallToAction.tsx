import { Button } from '../../../components/Button';

export function CallToAction({ onEarlyAccess }: { onEarlyAccess: () => void }) {
  return (
    <section className="bg-white py-24">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-ink-900 px-6 py-16 text-center sm:px-16">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(50%_80%_at_50%_100%,rgb(37_211_102/0.25),transparent_70%)]"
          />
          <h2 className="relative mx-auto max-w-2xl text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl">
            Bring your team into one WhatsApp inbox
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-base leading-7 text-ink-100/75">
            We're onboarding teams in small batches. Leave your details and we'll reach out on WhatsApp.
          </p>
          <Button variant="brand" size="lg" className="relative mt-8" onClick={onEarlyAccess}>
            Get Early Access
          </Button>
        </div>
      </div>
    </section>
  );
}
