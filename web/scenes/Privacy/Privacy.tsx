import { ArrowLeftIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { COPY } from '../../copy';

const LAST_UPDATED = 'November 2026';

type Section = { id: string; title: string; body: ReactNode };

const SECTIONS: Section[] = [
  {
    id: 'information-we-collect',
    title: '1. Information we collect',
    body: (
      <>
        <p>When you use Switchboard we collect:</p>
        <ul>
          <li>
            Account details: your e-mail address, a hashed password, your name, company name, phone number
            and, if you give it, your business website.
          </li>
          <li>
            WhatsApp Business data: the business account, phone number and access token you connect through
            Facebook, and the message templates attached to it.
          </li>
          <li>
            Conversation data: messages, media and reactions exchanged with your contacts, plus the tags,
            notes and assignments your team adds.
          </li>
          <li>
            Early-access requests: the name, e-mail, company and WhatsApp number you submit on our website.
          </li>
          <li>
            Technical data: sign-in sessions, IP addresses used for security and rough country detection, and
            server logs.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: '2. How we use your information',
    body: (
      <ul>
        <li>
          To provide the shared inbox: sending and receiving WhatsApp messages on your behalf and showing them
          to your team.
        </li>
        <li>To manage your account and team, including invitations and role-based permissions.</li>
        <li>To keep the service secure, prevent abuse and diagnose problems.</li>
        <li>To contact you about your account or, if you asked for early access, about your invitation.</li>
      </ul>
    ),
  },
  {
    id: 'data-storage-and-security',
    title: '3. Data storage and security',
    body: (
      <>
        <p>
          Switchboard is self-hosted software: your data is stored in the database and file storage of the
          server your organisation runs it on. Passwords are stored only as salted hashes, sessions use
          secure, http-only cookies, and WhatsApp access tokens are kept on the server and never sent to the
          browser.
        </p>
        <p>
          Access inside a team follows roles: owners manage the team and the WhatsApp connection, members work
          with conversations. No method of storage is perfectly secure, but we use industry-standard measures
          to protect your data.
        </p>
      </>
    ),
  },
  {
    id: 'data-sharing',
    title: '4. Data sharing',
    body: (
      <>
        <p>We do not sell your personal data. We share it only:</p>
        <ul>
          <li>
            with Meta, through the WhatsApp Business Platform, to deliver the messages you send and receive;
          </li>
          <li>with the members of your own team, according to their role;</li>
          <li>when required by law or to protect the rights and safety of our users.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: '5. Your rights',
    body: (
      <p>
        You can ask to access, correct, export or delete your personal data, and you can object to or restrict
        how it is processed. Team owners can remove members and disconnect the WhatsApp account at any time.
        To exercise these rights, contact the administrator of your Switchboard installation or write to us
        using the details below.
      </p>
    ),
  },
  {
    id: 'changes-to-this-policy',
    title: '6. Changes to this policy',
    body: (
      <p>
        We may update this policy when the product or the law changes. We will post the new version on this
        page with a new date and, for significant changes, let account owners know by e-mail.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: '7. Contact us',
    body: (
      <p>
        Questions about this policy or your data? E-mail{' '}
        <a href="mailto:privacy@switchboard.app">privacy@switchboard.app</a> and we will reply within 30 days.
      </p>
    ),
  },
];

export function Privacy() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-5 sm:px-8">
          <Logo />
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <ArrowLeftIcon className="size-4" />
            {COPY.backToHome}
          </Link>
        </div>
      </header>

      <main className="mx-auto max-w-3xl px-5 py-14 sm:px-8">
        <p className="text-sm font-semibold text-brand-700">Legal</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
          Privacy Policy
        </h1>
        <p className="mt-3 text-sm text-slate-500">Last updated {LAST_UPDATED}</p>
        <p className="mt-6 text-base leading-7 text-slate-700">
          This policy explains what information Switchboard collects when you use our shared team inbox for
          WhatsApp, how we use it, and the choices you have.
        </p>

        <nav aria-label="Sections" className="mt-8 rounded-xl bg-white p-5 ring-1 ring-slate-200">
          <ol className="grid gap-2 text-sm sm:grid-cols-2">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-ink-700 hover:text-ink-900 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-12 space-y-12">
          {SECTIONS.map((section) => (
            <section key={section.id} id={section.id} className="scroll-mt-6">
              <h2 className="text-xl font-semibold tracking-tight text-slate-900">{section.title}</h2>
              <div className="mt-4 space-y-4 text-[15px] leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-ink-700 [&_a]:underline [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ul]:marker:text-slate-400">
                {section.body}
              </div>
            </section>
          ))}
        </div>

        <div className="mt-16 border-t border-slate-200 pt-8">
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-ink-700 hover:text-ink-900"
          >
            <ArrowLeftIcon className="size-4" />
            {COPY.backToHome}
          </Link>
        </div>
      </main>
    </div>
  );
}
