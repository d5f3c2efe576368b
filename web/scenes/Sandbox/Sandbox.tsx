import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';
import { SandboxApiError, sandboxApi } from './api';
import { ChatScreen } from './components/ChatScreen';
import { ControlsPanel } from './components/ControlsPanel';
import { CustomerList } from './components/CustomerList';
import { PhoneFrame } from './components/PhoneFrame';
import { VerifiedBadge } from './components/PhoneMarks';
import { timeOfDay } from './format';

const PHONE_KEY = 'switchboard.sandbox.phone';
const customerKey = (phoneId: string) => `switchboard.sandbox.customer.${phoneId}`;

function useStored(key: string | null): [string | null, (value: string) => void] {
  const [value, setValue] = useState<string | null>(() => (key ? localStorage.getItem(key) : null));
  useEffect(() => setValue(key ? localStorage.getItem(key) : null), [key]);
  return [
    value,
    (next: string) => {
      if (key) localStorage.setItem(key, next);
      setValue(next);
    },
  ];
}

function PhoneMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 bg-[#f0f2f5] px-10 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-white shadow-sm">
        <VerifiedBadge className="size-9" />
      </span>
      <p className="text-base font-semibold text-slate-800">{title}</p>
      <div className="text-sm leading-relaxed text-slate-500">{children}</div>
    </div>
  );
}

function HowItWorks() {
  const steps = [
    ['Connect', 'In Switchboard, “Continue with Facebook” runs embedded signup against this sandbox.'],
    ['Chat', 'Hold the phone as any customer: text, photos, documents, replies and reactions.'],
    ['Watch', 'Every action is a signed webhook to /webhooks/whatsapp; the inbox’s replies appear here.'],
  ];
  return (
    <section className="rounded-2xl bg-white/60 p-4 ring-1 ring-slate-200/80">
      <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">How it works</h2>
      <ol className="mt-3 space-y-3">
        {steps.map(([title, text], i) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-[#00a884]/10 text-xs font-semibold text-[#008069]">
              {i + 1}
            </span>
            <p className="text-[13px] leading-snug text-slate-600">
              <span className="font-medium text-slate-800">{title}.</span> {text}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * /sandbox: a customer's phone running WhatsApp against the built-in sandbox. Pick the business
 * number and the customer, chat, and flip Meta's switches; everything reaches the app as signed
 * webhooks, and the app's replies appear here as they arrive.
 */
export function Sandbox() {
  const queryClient = useQueryClient();
  const phones = useQuery({
    queryKey: ['sandbox', 'phones'],
    queryFn: sandboxApi.phoneNumbers,
    refetchInterval: 3000,
    retry: false,
  });
  const settings = useQuery({
    queryKey: ['sandbox', 'settings'],
    queryFn: sandboxApi.settings,
    refetchInterval: 2000,
    retry: false,
  });
  const [storedPhone, setStoredPhone] = useStored(PHONE_KEY);
  const list = phones.data?.phoneNumbers ?? [];
  const phone = list.find((p) => p.id === storedPhone) ?? list.at(-1) ?? null;
  const [customer, setCustomer] = useStored(phone ? customerKey(phone.id) : null);
  const createBusiness = useMutation({
    mutationFn: () => sandboxApi.signup(),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['sandbox', 'phones'] });
      setStoredPhone(result.phoneNumber.id);
    },
  });

  useEffect(() => {
    document.title = 'Sandbox phone · Switchboard';
  }, []);

  const off = phones.error instanceof SandboxApiError && phones.error.status === 404;
  const now = settings.data?.now;

  return (
    <div className="min-h-dvh bg-[radial-gradient(1200px_600px_at_50%_-10%,#dff7ea,transparent),linear-gradient(#f8fafc,#eef2f5)]">
      <header className="border-b border-slate-200/70 bg-white/70 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-[1380px] items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex items-center gap-3">
            <Logo className="[&>span]:hidden sm:[&>span]:inline" />
            <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium whitespace-nowrap text-amber-800 ring-1 ring-amber-200 ring-inset">
              WhatsApp sandbox
            </span>
          </div>
          <p className="hidden text-sm text-slate-500 md:block">
            A stand-in for Meta: this phone talks to your inbox through signed webhooks.
          </p>
          <Link
            to="/app/chats"
            className="text-sm font-medium whitespace-nowrap text-ink-700 hover:text-ink-900"
          >
            Open the inbox →
          </Link>
        </div>
      </header>

      {off ? (
        <main className="mx-auto max-w-xl px-6 py-24 text-center">
          <h1 className="text-2xl font-semibold text-slate-900">The sandbox is off on this server</h1>
          <p className="mt-2 text-slate-500">
            It runs when no Meta app secret is configured, or with SANDBOX=1.
          </p>
        </main>
      ) : (
        <main className="mx-auto grid max-w-[1380px] grid-cols-1 items-start gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[300px_auto_1fr] xl:grid-cols-[320px_auto_360px]">
          <div className="order-2 space-y-5 lg:order-1">
            {phone ? (
              <CustomerList
                phone={phone}
                selected={customer}
                onSelect={setCustomer}
                now={now ?? new Date().toISOString()}
              />
            ) : (
              <div className="rounded-2xl bg-white p-5 text-sm text-slate-500 shadow-card ring-1 ring-slate-200">
                Customers appear here once a business number exists.
              </div>
            )}
            <HowItWorks />
          </div>

          <div className="order-1 lg:order-2">
            <PhoneFrame time={now ? timeOfDay(now) : '9:41'}>
              {phones.isPending ? (
                <div className="flex h-full items-center justify-center bg-[#f0f2f5]">
                  <Spinner className="size-6 text-[#00a884]" label="Loading" />
                </div>
              ) : !phone ? (
                <PhoneMessage title="No business on WhatsApp yet">
                  <p>
                    Connect a number from Switchboard (Continue with Facebook uses this sandbox), or create
                    one here.
                  </p>
                  <Button
                    className="mt-4"
                    variant="brand"
                    isLoading={createBusiness.isPending}
                    onClick={() => createBusiness.mutate()}
                  >
                    Create a sandbox business
                  </Button>
                </PhoneMessage>
              ) : customer ? (
                <ChatScreen key={`${phone.id}:${customer}`} phone={phone} waId={customer} />
              ) : (
                <PhoneMessage title={`Chat with ${phone.verifiedName}`}>
                  Choose a customer on the left, or add one, to hold this phone.
                </PhoneMessage>
              )}
            </PhoneFrame>
          </div>

          <div className="order-3">
            <ControlsPanel
              phones={list}
              phone={phone}
              onSelectPhone={setStoredPhone}
              settings={settings.data?.settings}
              now={now}
            />
          </div>
        </main>
      )}
    </div>
  );
}
