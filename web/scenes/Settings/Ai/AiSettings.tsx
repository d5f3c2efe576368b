import type { AiSettingsResponse } from '@common/api/ai';
import { useQuery } from '@tanstack/react-query';
import { SparklesIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { aiSettingsQuery } from '../../../api/ai';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { SettingsCard } from '../SettingsCard';
import { AiSettingsForm } from './AiSettingsForm';

/**
 * Settings → AI (issue 16): which model drafts the team's replies, what it is sent, and for the owner
 * the connection (base URL, key, model), a connection test and the team's instructions. Members see
 * the status only.
 */
export function AiSettings() {
  const query = useQuery(aiSettingsQuery);

  if (!query.data) {
    return (
      <div className="flex justify-center py-12">
        {query.isError ? (
          <Alert>{errorMessage(query.error, 'Failed to load the AI settings.')}</Alert>
        ) : (
          <Spinner className="size-5 text-slate-400" />
        )}
      </div>
    );
  }

  const view = query.data;
  return (
    <div>
      <div className="mb-2">
        <h2 className="text-base font-semibold text-slate-900">AI-drafted replies</h2>
        <p className="text-sm text-slate-600">
          “Suggest reply” in the chat drafts an answer into the message box. A teammate reads and edits every
          draft and sends it themselves: AI never sends a message.
        </p>
      </div>
      {!view.abilities.configure && (
        <Alert tone="info" className="mb-2">
          Only the team owner can change the AI settings.
        </Alert>
      )}
      <SettingsCard
        title="Model in use"
        description="The model that answers when anyone asks for a suggestion."
      >
        <AiStatusLine view={view} />
      </SettingsCard>
      {view.abilities.configure && view.settings && (
        <AiSettingsForm settings={view.settings} serverModel={view.serverModel} />
      )}
      <SettingsCard
        title="What is sent to the model"
        description="Exactly what each use sends to the model shown above, and nothing more."
      >
        <WhatIsSent />
      </SettingsCard>
    </div>
  );
}

function AiStatusLine({ view }: { view: AiSettingsResponse }) {
  const { status } = view;
  if (!status.configured) {
    return (
      <div className="flex items-start gap-3 p-6" data-testid="ai-status">
        <span className="mt-1 size-2.5 shrink-0 rounded-full bg-slate-400" aria-hidden="true" />
        <div className="min-w-0 text-sm">
          <p className="font-medium text-slate-900">AI is not configured</p>
          <p className="mt-1 leading-6 text-slate-600">{status.notConfiguredMessage}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3 p-6" data-testid="ai-status">
      <span className="mt-1 size-2.5 shrink-0 rounded-full bg-brand-500" aria-hidden="true" />
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span>Suggestions are on</span>
          <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-800 ring-1 ring-violet-200 ring-inset">
            <SparklesIcon className="size-3" aria-hidden="true" />
            {status.label}
          </span>
        </p>
        <p className="mt-1 leading-6 text-slate-600">
          Model{' '}
          <code className="rounded bg-slate-100 px-1 py-0.5 text-[13px] text-slate-800">{status.model}</code>
          {status.source === 'team' && ' — the connection saved below.'}
          {status.source === 'server' && ' — set for the whole server by its admin.'}
          {status.source === 'sandbox' &&
            ` — the built-in sandbox model: deterministic drafts for trying AI out, not a real model. ${
              view.abilities.configure
                ? 'Connect a model below to use your own.'
                : 'The team owner can connect your own model here.'
            }`}
        </p>
      </div>
    </div>
  );
}

/** One use of the model and what it sends (WhatIsSent). */
function SentFor({ use, children }: { use: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-900">{use}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}

/**
 * What each use of the model is sent, in words: server/ai/context.ts and prompt.ts (suggestions,
 * rewrites, summaries, translations), server/ai/bot/prompt.ts and commands/ai-bot.ts (the bot and its
 * test chat), commands/ai-settings.ts (the connection test). README's "What is sent to the model" says
 * the same.
 */
function WhatIsSent() {
  return (
    <div className="space-y-4 p-6 text-sm leading-6 text-slate-700">
      <p>
        “The chat” below means its last 20 messages, oldest first, each marked as from the customer or from
        the team, a media message as its caption or its preview line (WhatsApp’s own notices, such as a
        changed number, are left out).
      </p>
      <dl className="space-y-3" data-testid="ai-what-is-sent">
        <SentFor use="Suggest reply, and rewrites of a draft">
          The chat; the contact’s name (their number when they have none), tags, notes and custom field
          values; the team’s instructions (set on this page) and up to 20 of the team’s shared saved text
          replies (never anyone’s personal ones); and the draft in the message box, or only the text you
          selected, when you rewrite it or ask for a suggestion with something already written.
        </SentFor>
        <SentFor use="Summarise">
          The same as a suggestion, without any draft: the chat, the contact’s name, tags, notes and custom
          field values, the team’s instructions and shared saved replies.
        </SentFor>
        <SentFor use="Translate a message">
          Only that one message’s text (a media message’s caption or preview line) and the language to
          translate into (your browser’s). Not the rest of the chat, the contact or the instructions.
        </SentFor>
        <SentFor use="AI bot (Marketing → AI Bots)">
          The chat, the contact’s name, the team’s instructions and shared saved replies, and the bot’s length
          limit. Not the contact’s tags, notes or custom fields. Its test chat sends the made-up conversation
          under the name “Test customer”, with the same instructions and saved replies.
        </SentFor>
        <SentFor use="Test connection">A fixed question only: nothing from any chat.</SentFor>
      </dl>
      <p className="text-slate-600">
        Nothing from other chats, nothing about your teammates (their names or addresses) and no media files
        are sent. What is sent and what the model answers are never written to the server’s logs.
      </p>
    </div>
  );
}
