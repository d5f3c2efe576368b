import type { AiSettingsResponse } from '@common/api/ai';
import { useQuery } from '@tanstack/react-query';
import { SparklesIcon } from 'lucide-react';
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
        description="Each suggestion sends only this chat’s context, to the model shown above."
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

/** What server/ai/context.ts and prompt.ts put into a suggestion, in words. */
function WhatIsSent() {
  return (
    <div className="space-y-3 p-6 text-sm leading-6 text-slate-700">
      <p>With each suggestion or rewrite, the model receives:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          the last 20 messages of the chat, oldest first, marked as from the customer or from the team (a
          media message as its caption or its preview line);
        </li>
        <li>the contact’s name (their number when they have none), tags, notes and custom field values;</li>
        <li>
          the team’s instructions (set by the owner on this page) and up to 20 of the team’s saved text
          replies;
        </li>
        <li>the draft in the message box, when you rewrite it or ask to continue it.</li>
      </ul>
      <p className="text-slate-600">
        Nothing from other chats or about your teammates is sent. What is sent and what the model answers are
        never written to the server’s logs.
      </p>
    </div>
  );
}
