import { useQuery } from '@tanstack/react-query';
import { MailIcon } from 'lucide-react';
import { ApiRequestError } from '../../api/client';
import { devOutboxQuery, type OutboxMessage } from '../../api/devOutbox';
import { Alert } from '../../components/Alert';
import { EmptyState } from '../../components/EmptyState';
import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';
import { linkify } from './linkify';

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

function OutboxEntry({ message }: { message: OutboxMessage }) {
  return (
    <article className="rounded-2xl bg-white shadow-card ring-1 ring-slate-200" data-testid="outbox-message">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 px-6 py-4">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{message.subject}</h2>
          <p className="mt-0.5 text-sm text-slate-500">
            To <span className="font-medium text-slate-700">{message.to}</span>
          </p>
        </div>
        <time dateTime={message.createdAt} className="text-xs text-slate-400">
          {formatTime(message.createdAt)}
        </time>
      </header>
      <div className="px-6 py-5 font-mono text-[13px] leading-6 break-words whitespace-pre-wrap text-slate-700">
        {linkify(message.text)}
      </div>
    </article>
  );
}

/** Development only: the e-mails the server would have sent, when no SMTP server is configured. */
export function DevOutbox() {
  const { data, error, isPending } = useQuery(devOutboxQuery);
  const isDisabled = error instanceof ApiRequestError && error.status === 404;
  const messages = [...(data?.messages ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-5 sm:px-8">
          <Logo />
          <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
            Development
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-5 py-10 sm:px-8">
        <div className="flex items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Dev outbox</h1>
            <p className="mt-1 text-sm text-slate-500">
              E-mails the server sent while no SMTP server is configured. Refreshes automatically.
            </p>
          </div>
          {data && <span className="text-sm text-slate-500">{messages.length} e-mails</span>}
        </div>

        <div className="mt-8 space-y-5">
          {isPending && (
            <div className="flex justify-center py-16">
              <Spinner className="size-6 text-ink-700" label="Loading e-mails" />
            </div>
          )}
          {isDisabled && (
            <Alert tone="info">The dev outbox is disabled: this server sends real e-mail.</Alert>
          )}
          {error && !isDisabled && <Alert>Could not load the outbox. Is the server running?</Alert>}
          {data && messages.length === 0 && (
            <div className="rounded-2xl bg-white ring-1 ring-slate-200">
              <EmptyState
                icon={<MailIcon className="size-7" />}
                title="No e-mails yet"
                description="Password resets and invitations will appear here."
              />
            </div>
          )}
          {messages.map((message) => (
            <OutboxEntry key={message.id} message={message} />
          ))}
        </div>
      </main>
    </div>
  );
}
