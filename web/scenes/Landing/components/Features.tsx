import {
  BookmarkIcon,
  BookUserIcon,
  MegaphoneIcon,
  MessageSquareTextIcon,
  ShieldCheckIcon,
  SparklesIcon,
  TagIcon,
  UsersIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';

type Feature = { icon: ReactNode; title: string; text: string };

const PRIMARY: Feature[] = [
  {
    icon: <MessageSquareTextIcon className="size-5" />,
    title: 'Shared team inbox',
    text: 'One WhatsApp number, every teammate. Assign chats, see who is on what, and never answer the same customer twice.',
  },
  {
    icon: <SparklesIcon className="size-5" />,
    title: 'AI-powered replies',
    text: 'Draft accurate answers in a click, in your tone of voice, so customers hear back in minutes instead of hours.',
  },
  {
    icon: <BookUserIcon className="size-5" />,
    title: 'Built-in CRM',
    text: 'Every contact keeps its history, tags, notes and owner, right next to the conversation — no second tool to update.',
  },
  {
    icon: <MegaphoneIcon className="size-5" />,
    title: 'Marketing campaigns',
    text: 'Create approved message templates and reach opted-in customers with campaigns that land where they actually read.',
  },
];

const SECONDARY: Feature[] = [
  { icon: <UsersIcon className="size-4" />, title: 'Assignments', text: 'Unassigned, mine and team views.' },
  { icon: <TagIcon className="size-4" />, title: 'Tags & notes', text: 'Organise contacts your way.' },
  {
    icon: <BookmarkIcon className="size-4" />,
    title: 'Saved replies',
    text: 'Type / to insert team answers.',
  },
  {
    icon: <ShieldCheckIcon className="size-4" />,
    title: 'Self-hosted',
    text: 'Your data stays on your server.',
  },
];

export function Features() {
  return (
    <section id="features" className="scroll-mt-8 bg-white py-24 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold text-brand-700">Everything in one place</p>
          <h2 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Built for teams that sell and support on WhatsApp
          </h2>
          <p className="mt-4 text-base leading-7 text-slate-600">
            Stop passing one phone around the office. Give everyone the same live view of every customer
            conversation.
          </p>
        </div>

        <div className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PRIMARY.map((feature) => (
            <div
              key={feature.title}
              className="group rounded-2xl bg-white p-6 shadow-card ring-1 ring-slate-200/80 transition-shadow hover:shadow-pop"
            >
              <div className="flex size-10 items-center justify-center rounded-xl bg-ink-900 text-brand-400">
                {feature.icon}
              </div>
              <h3 className="mt-5 text-base font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{feature.text}</p>
            </div>
          ))}
        </div>

        <dl className="mt-12 grid gap-x-8 gap-y-6 border-t border-slate-200 pt-10 sm:grid-cols-2 lg:grid-cols-4">
          {SECONDARY.map((feature) => (
            // A <dl> may hold only dt/dd groups (or divs of them): the icon sits inside the term.
            <div key={feature.title} className="relative pl-10">
              <dt className="text-sm font-semibold text-slate-900">
                <span className="absolute top-0.5 left-0 flex size-7 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  {feature.icon}
                </span>
                {feature.title}
              </dt>
              <dd className="mt-0.5 text-sm text-slate-500">{feature.text}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
