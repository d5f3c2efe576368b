import type { InboxMessage } from '@common/api/inbox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LanguagesIcon } from 'lucide-react';
import { useState } from 'react';
import { type AiTextSuccess, agentLanguage, aiSettingsQuery, translateMessage } from '../../../api/ai';
import { Spinner } from '../../../components/Spinner';

/** A customer message with words in it can be translated (a photo's caption too). */
export function canTranslate(message: InboxMessage): boolean {
  return message.direction === 'incoming' && message.content.kind !== 'system' && message.body.trim() !== '';
}

type Shown =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'done'; answer: AiTextSuccess }
  | { kind: 'error'; text: string; setup: boolean };

export type MessageTranslation = {
  language: string;
  state: Shown;
  /** The translation is on screen (false once the agent hides it). */
  open: boolean;
  translate: () => Promise<void>;
  toggle: () => void;
  close: () => void;
};

const translationKey = (messageId: string, language: string) =>
  ['ai-translation', messageId, language] as const;

/**
 * One message's translation into the agent's language (the browser's). It is asked for only when the
 * agent presses Translate, kept in the query cache for the session (scrolling away and back keeps
 * it), and never stored or sent. Not configured → the status's words, no request.
 */
export function useMessageTranslation(message: InboxMessage): MessageTranslation {
  const client = useQueryClient();
  const [language] = useState(() => agentLanguage());
  const cached = useQuery({
    queryKey: translationKey(message.id, language),
    queryFn: ({ signal }) => translateMessage(message.id, language, signal),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 60_000,
    retry: false,
  });
  const [open, setOpen] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);

  const translate = async () => {
    setOpen(true);
    setAsked(true);
    if (cached.data || cached.isFetching) return;
    // The composer has usually read the status already; otherwise it is asked once.
    const settings = await client.fetchQuery(aiSettingsQuery).catch(() => null);
    if (settings && !settings.status.configured) {
      setNotice(settings.status.notConfiguredMessage ?? 'AI is not turned on.');
      return;
    }
    setNotice(null);
    void cached.refetch();
  };

  let state: Shown = { kind: 'none' };
  if (notice) state = { kind: 'error', text: notice, setup: true };
  else if (cached.isFetching) state = { kind: 'loading' };
  else if (cached.data) state = { kind: 'done', answer: cached.data };
  else if (asked && cached.error) state = { kind: 'error', text: cached.error.message, setup: false };

  return {
    language,
    state,
    open,
    translate,
    toggle: () => setOpen((value) => !value),
    close: () => {
      setNotice(null);
      setAsked(false);
      setOpen(false);
    },
  };
}

const LINK =
  'rounded-sm font-medium text-violet-800 hover:underline focus-visible:outline-2 focus-visible:outline-violet-700';

/** Under a customer's message: its translation (the original stays above), or why there is none. */
export function TranslationBox({ translation }: { translation: MessageTranslation }) {
  const { state, open, language } = translation;
  if (state.kind === 'none') return null;
  if (state.kind === 'loading')
    return (
      <p
        className="mt-1 inline-flex items-center gap-1.5 px-1 text-xs text-slate-600"
        role="status"
        data-testid="message-translation"
      >
        <Spinner className="size-3.5" /> Translating to {language}…
      </p>
    );
  if (state.kind === 'error')
    return (
      <div
        role="alert"
        data-testid="message-translation-error"
        className={`mt-1 max-w-full rounded-lg border px-2.5 py-1.5 text-xs ${
          state.setup
            ? 'border-amber-100 bg-amber-50 text-amber-900'
            : 'border-red-100 bg-red-50 text-red-800'
        }`}
      >
        {state.text}{' '}
        <button type="button" onClick={translation.close} className="font-medium underline">
          Dismiss
        </button>
      </div>
    );
  if (!open)
    return (
      <button
        type="button"
        onClick={translation.toggle}
        className={`mt-1 inline-flex items-center gap-1 px-1 text-xs ${LINK}`}
      >
        <LanguagesIcon aria-hidden className="size-3.5" /> Show translation
      </button>
    );
  const { answer } = state;
  return (
    <div
      className="mt-1 w-full max-w-full rounded-lg border border-violet-100 bg-violet-50/90 px-2.5 py-1.5 shadow-[0_1px_0.5px_rgba(11,20,26,0.08)]"
      data-testid="message-translation"
    >
      <p className="flex flex-wrap items-center gap-x-1.5 text-[11px] font-medium text-violet-900">
        <LanguagesIcon aria-hidden className="size-3.5" />
        <span>Translated to {language}</span>
        <span className="font-normal text-violet-800">
          · {answer.source === 'sandbox' ? answer.label : `${answer.label} · ${answer.model}`}
        </span>
      </p>
      <p className="mt-0.5 text-[13.5px] leading-snug break-words whitespace-pre-wrap text-slate-900">
        {answer.text}
      </p>
      <button type="button" onClick={translation.toggle} className={`mt-0.5 text-xs ${LINK}`}>
        Hide translation
      </button>
    </div>
  );
}
