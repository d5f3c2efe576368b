import { CheckIcon, SparklesIcon } from 'lucide-react';

type PreviewContact = {
  name: string;
  initials: string;
  color: string;
  snippet: string;
  time: string;
  tag?: { label: string; className: string };
  unread?: number;
  isActive?: boolean;
};

const CONTACTS: PreviewContact[] = [
  {
    name: 'Amelia Hart',
    initials: 'AH',
    color: 'bg-amber-100 text-amber-800',
    snippet: 'Perfect, can I pick it up Friday?',
    time: '10:42',
    tag: { label: 'VIP', className: 'bg-violet-50 text-violet-700 ring-violet-200' },
    isActive: true,
  },
  {
    name: 'Jonas Weber',
    initials: 'JW',
    color: 'bg-sky-100 text-sky-800',
    snippet: 'Is the 2-year warranty included?',
    time: '10:31',
    unread: 2,
  },
  {
    name: 'Priya Nair',
    initials: 'PN',
    color: 'bg-rose-100 text-rose-800',
    snippet: 'Thanks! The invoice arrived.',
    time: '09:58',
    tag: { label: 'Wholesale', className: 'bg-sky-50 text-sky-700 ring-sky-200' },
  },
  {
    name: 'Diego Morales',
    initials: 'DM',
    color: 'bg-emerald-100 text-emerald-800',
    snippet: 'Sent you the photo of the order',
    time: 'Yesterday',
  },
  {
    name: 'Sofia Rossi',
    initials: 'SR',
    color: 'bg-indigo-100 text-indigo-800',
    snippet: 'Do you ship to Milan?',
    time: 'Tue',
    unread: 1,
  },
];

function ContactRow({ contact }: { contact: PreviewContact }) {
  return (
    <div
      className={`flex items-start gap-3 border-l-2 px-4 py-3 ${contact.isActive ? 'border-brand-500 bg-ink-50/70' : 'border-transparent'}`}
    >
      <div
        className={`flex size-9 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${contact.color}`}
      >
        {contact.initials}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-center justify-between gap-2">
          <span className="truncate text-[13px] font-semibold text-slate-900">{contact.name}</span>
          <span className="shrink-0 text-[11px] text-slate-400">{contact.time}</span>
        </div>
        <div className="mt-0.5 flex items-center gap-2">
          <span className="truncate text-xs text-slate-500">{contact.snippet}</span>
          {contact.unread && (
            <span className="ml-auto flex size-4 shrink-0 items-center justify-center rounded-full bg-brand-500 text-[10px] font-semibold text-ink-950">
              {contact.unread}
            </span>
          )}
        </div>
        {contact.tag && (
          <span
            className={`mt-1.5 inline-block rounded px-1.5 py-px text-[10px] font-medium ring-1 ring-inset ${contact.tag.className}`}
          >
            {contact.tag.label}
          </span>
        )}
      </div>
    </div>
  );
}

function Bubble({ side, children, time }: { side: 'in' | 'out'; children: string; time: string }) {
  const isOut = side === 'out';
  return (
    <div className={`flex ${isOut ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[75%] rounded-2xl px-3.5 py-2 text-[13px] leading-5 shadow-xs ${
          isOut
            ? 'rounded-br-md bg-[#d9fdd3] text-slate-800'
            : 'rounded-bl-md bg-white text-slate-800 ring-1 ring-slate-200/70'
        }`}
      >
        {children}
        <span className="ml-2 inline-flex translate-y-0.5 items-center gap-0.5 text-[10px] text-slate-400">
          {time}
          {isOut && <CheckIcon className="size-3 text-sky-500" />}
        </span>
      </div>
    </div>
  );
}

/** A static, decorative picture of the inbox for the landing page. */
export function ProductPreview() {
  return (
    <div
      role="img"
      aria-label="Preview of the Switchboard team inbox"
      className="relative overflow-hidden rounded-2xl bg-white text-left shadow-2xl ring-1 shadow-black/40 ring-white/10"
    >
      <div className="flex h-10 items-center gap-4 border-b border-slate-200 bg-slate-50 px-4">
        <div className="flex gap-1.5">
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
          <span className="size-2.5 rounded-full bg-slate-300" />
        </div>
        <div className="flex gap-5 text-xs font-medium text-slate-500">
          <span className="text-slate-900">Chats</span>
          <span>Marketing</span>
          <span className="hidden sm:inline">Sales</span>
          <span className="hidden sm:inline">Contacts</span>
          <span className="hidden sm:inline">Settings</span>
        </div>
      </div>

      <div className="flex h-[380px]">
        <aside className="hidden w-[300px] shrink-0 border-r border-slate-200 md:block">
          <div className="flex gap-4 border-b border-slate-200 px-4 pt-3 text-xs font-medium">
            <span className="border-b-2 border-ink-800 pb-2.5 text-slate-900">Unassigned (3)</span>
            <span className="pb-2.5 text-slate-500">Assigned to Me (5)</span>
          </div>
          {CONTACTS.map((contact) => (
            <ContactRow key={contact.name} contact={contact} />
          ))}
        </aside>

        <section className="flex min-w-0 flex-1 flex-col bg-[#f4f1ec]">
          <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-5 py-3">
            <div className="flex size-9 items-center justify-center rounded-full bg-amber-100 text-xs font-semibold text-amber-800">
              AH
            </div>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-slate-900">Amelia Hart</p>
              <p className="text-xs text-slate-500">+44 7700 900123</p>
            </div>
            <span className="ml-auto hidden items-center gap-1.5 rounded-full bg-brand-50 px-2.5 py-1 text-[11px] font-medium text-brand-800 ring-1 ring-brand-200 ring-inset sm:inline-flex">
              <span className="size-1.5 rounded-full bg-brand-500" />
              Window open · 21h
            </span>
            <span className="hidden rounded-full bg-slate-100 px-2.5 py-1 text-[11px] font-medium text-slate-600 sm:inline">
              Assigned to maria
            </span>
          </div>

          <div className="flex flex-1 flex-col justify-end gap-2.5 px-5 py-4">
            <div className="mx-auto mb-1 rounded-full bg-white/80 px-2.5 py-0.5 text-[11px] font-medium text-slate-500 shadow-xs">
              Today
            </div>
            <Bubble side="in" time="10:38">
              Hi! Is the walnut desk still available in the large size?
            </Bubble>
            <Bubble side="out" time="10:40">
              It is — we have two left in stock. Want me to reserve one for you?
            </Bubble>
            <Bubble side="in" time="10:42">
              Perfect, can I pick it up Friday?
            </Bubble>
          </div>

          <div className="border-t border-slate-200 bg-white px-4 py-3">
            <div className="mb-2 inline-flex items-center gap-1.5 rounded-full bg-violet-50 px-2.5 py-1 text-[11px] font-medium text-violet-700 ring-1 ring-violet-200 ring-inset">
              <SparklesIcon className="size-3.5" />
              Suggested: “Of course! It'll be ready at our store from 10am on Friday.”
            </div>
            <div className="flex items-center gap-2">
              <div className="h-9 flex-1 rounded-full bg-slate-100 px-4 text-[13px] leading-9 text-slate-400">
                Type a message
              </div>
              <div className="flex size-9 items-center justify-center rounded-full bg-brand-500 text-ink-950">
                <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
                  <path d="M4 12.5 19.5 5l-4 15-3.8-5.8z" />
                </svg>
              </div>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
