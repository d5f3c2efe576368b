import type { AiAction, AiStatus } from '@common/api/ai';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { AiStreamError, aiSettingsQuery, streamSuggestion } from '../../../../api/ai';

type UseSuggestionOptions = {
  /** Undefined: no AI in this composer. */
  contactId: string | undefined;
  text: string;
  setText: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
};

export type DraftedBy = { label: string; model: string };

export type Suggestion = {
  /** Which model answers the team (null until known, or when the status could not be read). */
  status: AiStatus | null;
  /** The action streaming now, or null. */
  running: AiAction | null;
  /** The last failure in the server's words. */
  error: string | null;
  /** The failure is that no model is connected (the words say how to turn AI on). */
  needsSetup: boolean;
  /** The label of the model that answered last ("Sandbox model"). */
  label: string | null;
  /**
   * Which model wrote the draft now in the message box (its label and name, from the stream's start
   * line), once a suggestion or rewrite has finished or been stopped with text; null again when the
   * draft is sent or cleared, or in another chat.
   */
  drafted: DraftedBy | null;
  start: (action: AiAction) => void;
  stop: () => void;
  clearError: () => void;
};

/**
 * Streams a suggestion (or a rewrite) into the message box as it arrives: a rewrite acts on the
 * selected text, else on the whole draft; "suggest" replaces the draft with a reply that continues
 * from it. The agent edits and sends it themselves: nothing here sends. A failure puts the draft
 * back as it was and keeps the words; Stop keeps what arrived so far.
 */
export function useSuggestion({ contactId, text, setText, textareaRef }: UseSuggestionOptions): Suggestion {
  const [running, setRunning] = useState<AiAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [needsSetup, setNeedsSetup] = useState(false);
  const [label, setLabel] = useState<string | null>(null);
  const [drafted, setDrafted] = useState<(DraftedBy & { contactId: string }) | null>(null);
  const controller = useRef<AbortController | null>(null);
  const settings = useQuery({ ...aiSettingsQuery, enabled: contactId !== undefined });
  const status = settings.data?.status ?? null;

  // Leaving the chat stops the model.
  useEffect(() => () => controller.current?.abort(), []);
  // A sent or cleared draft was no model's any more.
  useEffect(() => {
    if (text.trim() === '') setDrafted(null);
  }, [text]);

  const start = (action: AiAction) => {
    if (controller.current || contactId === undefined) return;
    setNeedsSetup(false);
    if (status && !status.configured) {
      setError(status.notConfiguredMessage ?? 'AI is not turned on.');
      setNeedsSetup(true);
      return;
    }
    const area = textareaRef.current;
    const original = text;
    const from = action === 'suggest' ? 0 : (area?.selectionStart ?? 0);
    const to = action === 'suggest' ? text.length : (area?.selectionEnd ?? text.length);
    const hasSelection = to > from;
    const before = hasSelection ? original.slice(0, from) : '';
    const after = hasSelection ? original.slice(to) : '';
    const draft = hasSelection ? original.slice(from, to) : original;
    if (action !== 'suggest' && draft.trim() === '') {
      setError('Write or select some text first: this rewrites your draft.');
      return;
    }

    const abort = new AbortController();
    controller.current = abort;
    setRunning(action);
    setError(null);
    let streamed = '';
    let writer: DraftedBy | null = null;
    const credit = () => {
      if (writer) setDrafted({ ...writer, contactId });
    };
    const show = (value: string) => {
      setText(before + value + after);
      requestAnimationFrame(() => {
        const box = textareaRef.current;
        if (box) box.scrollTop = box.scrollHeight;
      });
    };

    streamSuggestion({
      contactId,
      action,
      draft: draft.trim() === '' ? undefined : draft,
      signal: abort.signal,
      onStart: (event) => {
        setLabel(event.label);
        writer = { label: event.label, model: event.model };
      },
      onDelta: (piece) => {
        streamed += piece;
        show(streamed.trimStart());
      },
    })
      .then((whole) => {
        show(whole);
        credit();
      })
      .catch((failure: unknown) => {
        if (abort.signal.aborted) {
          if (streamed.trim() === '') setText(original);
          else credit();
          return;
        }
        setText(original);
        setError(failure instanceof Error ? failure.message : 'The suggestion failed. Try again.');
        setNeedsSetup(failure instanceof AiStreamError && failure.code === 'ai_not_configured');
      })
      .finally(() => {
        if (controller.current === abort) controller.current = null;
        setRunning(null);
        requestAnimationFrame(() => textareaRef.current?.focus());
      });
  };

  const stop = () => controller.current?.abort();

  return {
    status,
    running,
    error,
    needsSetup,
    label,
    drafted:
      drafted && drafted.contactId === contactId ? { label: drafted.label, model: drafted.model } : null,
    start,
    stop,
    clearError: () => setError(null),
  };
}
