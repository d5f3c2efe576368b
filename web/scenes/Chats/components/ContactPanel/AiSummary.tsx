import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckIcon, CopyIcon, RefreshCwIcon, SparklesIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type AiTextSuccess, aiSettingsQuery, summariseContact } from '../../../../api/ai';
import { Spinner } from '../../../../components/Spinner';
import { Section } from './Section';

const ICON_BUTTON =
  'inline-flex size-7 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40';

/**
 * "Summarise" in the contact panel: a few lines from the model on what the customer wants and what
 * was promised, asked only when the agent presses the button. Nothing is stored or sent.
 */
export function AiSummary({ contactId }: { contactId: string }) {
  const status = useQuery(aiSettingsQuery).data?.status ?? null;
  const [notice, setNotice] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // The last summary stays on screen while a new one is asked for, and when that one fails.
  const [result, setResult] = useState<AiTextSuccess | null>(null);
  const abort = useRef<AbortController | null>(null);
  const summary = useMutation({
    mutationFn: () => {
      abort.current?.abort();
      abort.current = new AbortController();
      return summariseContact(contactId, abort.current.signal);
    },
    onSuccess: setResult,
  });

  // Leaving the contact stops the model.
  useEffect(() => () => abort.current?.abort(), []);

  const ask = () => {
    setCopied(false);
    if (status && !status.configured) {
      setNotice(status.notConfiguredMessage ?? 'AI is not turned on.');
      return;
    }
    setNotice(null);
    summary.mutate();
  };

  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const pending = summary.isPending;
  const action = result ? (
    <div className="flex items-center gap-0.5">
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={copied ? 'Summary copied' : 'Copy summary'}
        title={copied ? 'Copied' : 'Copy'}
        className={ICON_BUTTON}
      >
        {copied ? <CheckIcon className="size-4 text-brand-700" /> : <CopyIcon className="size-4" />}
      </button>
      <button
        type="button"
        onClick={ask}
        disabled={pending}
        aria-label="Summarise again"
        title="Summarise again"
        className={ICON_BUTTON}
      >
        <RefreshCwIcon className={`size-4 ${pending ? 'animate-spin' : ''}`} />
      </button>
    </div>
  ) : null;

  return (
    <Section title="AI summary" action={action} testId="ai-summary">
      <div aria-live="polite" aria-busy={pending || undefined}>
        {result ? (
          <div className={pending ? 'opacity-60' : ''}>
            <ul className="space-y-1 text-sm leading-relaxed text-slate-800" data-testid="ai-summary-text">
              {result.text
                .split('\n')
                .map((line) => line.replace(/^\s*[-*•]\s*/, '').trim())
                .filter((line) => line !== '')
                .map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines of one immutable answer
                  <li key={index} className="flex gap-2">
                    <span aria-hidden className="mt-2 size-1 shrink-0 rounded-full bg-violet-400" />
                    <span className="min-w-0 break-words">{line}</span>
                  </li>
                ))}
            </ul>
            <p className="mt-2 inline-flex items-center gap-1 text-xs text-slate-500">
              <SparklesIcon aria-hidden className="size-3.5 text-violet-600" />
              {result.source === 'sandbox' ? (
                <span className="rounded bg-violet-50 px-1.5 py-0.5 font-medium text-violet-800">
                  {result.label}
                </span>
              ) : (
                <span>
                  {result.label} · {result.model}
                </span>
              )}
              <span>· Check it before you rely on it.</span>
            </p>
          </div>
        ) : (
          !notice &&
          !summary.isError && (
            <p className="mb-2.5 text-sm text-slate-500">
              A few lines on what the customer wants and what was promised, from the chat, notes and fields.
            </p>
          )
        )}
        {notice && (
          <p
            className="mb-2.5 rounded-lg border border-amber-100 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid="ai-summary-notice"
          >
            {notice}
          </p>
        )}
        {summary.isError && (
          <p
            role="alert"
            className="mb-2.5 rounded-lg border border-red-100 bg-red-50 px-3 py-2 text-sm text-red-800"
            data-testid="ai-summary-error"
          >
            {summary.error.message}
          </p>
        )}
      </div>
      {!result && (
        <button
          type="button"
          onClick={ask}
          disabled={pending}
          className="inline-flex h-8 items-center gap-1.5 rounded-md bg-white px-3 text-[13px] font-medium text-violet-800 shadow-xs ring-1 ring-violet-200 ring-inset transition-colors hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
        >
          {pending ? <Spinner className="size-4" /> : <SparklesIcon aria-hidden className="size-4" />}
          {pending ? 'Summarising…' : summary.isError ? 'Try again' : 'Summarise'}
        </button>
      )}
    </Section>
  );
}
