import { AI_BOT_HANDOVER_LABELS, AI_BOT_TEST_MAX_MESSAGES, type AiBotTestInput } from '@common/api/ai-bot';
import { useMutation } from '@tanstack/react-query';
import { BotIcon, RotateCcwIcon, SendHorizontalIcon, UserRoundIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { testAiBot } from '../../../api/aiBot';
import { errorMessage } from '../../../api/client';
import { Spinner } from '../../../components/Spinner';

type Line =
  | { from: 'customer' | 'bot'; text: string }
  | { from: 'handover'; text: string }
  | { from: 'error'; text: string };

/**
 * Try the bot before turning it on: the owner writes as the customer and sees what the bot would
 * answer with the current knowledge and settings, or why it would hand over. Nothing is sent or stored.
 */
export function TestChat({ canTest, disabledReason }: { canTest: boolean; disabledReason: string | null }) {
  const [lines, setLines] = useState<Line[]>([]);
  const [text, setText] = useState('');
  const inputId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const ask = useMutation({
    mutationFn: (body: AiBotTestInput) => testAiBot(body),
    onSuccess: (answer) => {
      if (!answer.ok) setLines((l) => [...l, { from: 'error', text: answer.error.message }]);
      else if (answer.reply !== null) setLines((l) => [...l, { from: 'bot', text: answer.reply ?? '' }]);
      else
        setLines((l) => [
          ...l,
          {
            from: 'handover',
            text: `The bot would hand this chat to the team: ${
              answer.handOver ? AI_BOT_HANDOVER_LABELS[answer.handOver.reason] : 'it would not answer'
            }.`,
          },
        ]);
    },
    onError: (failure) =>
      setLines((l) => [...l, { from: 'error', text: errorMessage(failure, 'The test failed. Try again.') }]),
  });

  useEffect(() => {
    const list = listRef.current;
    if (list && lines.length > 0) list.scrollTop = list.scrollHeight;
  }, [lines]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message || ask.isPending || !canTest) return;
    const next: Line[] = [...lines, { from: 'customer', text: message }];
    setLines(next);
    setText('');
    const conversation = next
      .filter(
        (l): l is { from: 'customer' | 'bot'; text: string } => l.from === 'customer' || l.from === 'bot',
      )
      .slice(-AI_BOT_TEST_MAX_MESSAGES);
    ask.mutate({ messages: conversation });
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex min-h-[28rem] flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
      data-testid="bot-test-chat"
    >
      <header className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 id={`${inputId}-title`} className="text-sm font-semibold text-slate-900">
            Test chat
          </h2>
          <p className="mt-0.5 text-xs leading-relaxed text-slate-500">
            Write as a customer to see the bot’s answer with your current knowledge. Nothing is sent.
          </p>
        </div>
        {lines.length > 0 && (
          <button
            type="button"
            onClick={() => {
              setLines([]);
              ask.reset();
            }}
            className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md px-2.5 text-[13px] font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <RotateCcwIcon className="size-3.5" aria-hidden="true" /> Start over
          </button>
        )}
      </header>
      <ol
        ref={listRef}
        aria-label="Test conversation"
        aria-live="polite"
        className="flex max-h-[26rem] min-h-48 flex-1 flex-col gap-2 overflow-y-auto bg-[#efeae2] px-4 py-4"
      >
        {lines.length === 0 && (
          <li className="m-auto max-w-64 rounded-lg bg-white/85 px-3 py-2 text-center text-xs leading-relaxed text-slate-600 shadow-xs">
            {canTest
              ? 'Try a question your customers ask, then “I want to talk to a person”.'
              : disabledReason}
          </li>
        )}
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the test chat only grows
          <TestLine key={index} line={line} />
        ))}
        {ask.isPending && (
          <li className="inline-flex items-center gap-2 self-start rounded-lg bg-white px-3 py-2 text-xs text-slate-600 shadow-xs">
            <Spinner className="size-3.5" /> The bot is writing…
          </li>
        )}
      </ol>
      <form
        onSubmit={send}
        className="flex items-center gap-2 border-t border-slate-200 bg-slate-50 px-3 py-3"
      >
        <label htmlFor={inputId} className="sr-only">
          Message as the customer
        </label>
        <input
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={!canTest}
          maxLength={4_096}
          placeholder={canTest ? 'Message as the customer' : 'Test chat unavailable'}
          className="h-10 min-w-0 flex-1 rounded-full bg-white px-4 text-sm text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-ink-600 focus:outline-none disabled:bg-slate-100"
        />
        <button
          type="submit"
          aria-label="Send test message"
          disabled={!canTest || ask.isPending || text.trim() === ''}
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:bg-slate-300 disabled:text-slate-600"
        >
          <SendHorizontalIcon className="size-4.5" />
        </button>
      </form>
    </section>
  );
}

function TestLine({ line }: { line: Line }) {
  if (line.from === 'customer')
    return (
      <li className="flex items-end gap-1.5 self-start" data-testid="test-line" data-from="customer">
        <span className="sr-only">Customer:</span>
        <UserRoundIcon className="mb-1 size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <p className="max-w-[85%] rounded-lg rounded-bl-none bg-white px-3 py-1.5 text-sm whitespace-pre-wrap text-slate-900 shadow-xs">
          {line.text}
        </p>
      </li>
    );
  if (line.from === 'bot')
    return (
      <li className="flex flex-col items-end self-end" data-testid="test-line" data-from="bot">
        <span className="mb-0.5 inline-flex items-center gap-1 text-[11px] font-medium text-violet-800">
          <BotIcon className="size-3.5" aria-hidden="true" /> AI bot
        </span>
        <p className="max-w-[85%] rounded-lg rounded-tr-none bg-[#d9fdd3] px-3 py-1.5 text-sm whitespace-pre-wrap text-slate-900 shadow-xs">
          {line.text}
        </p>
      </li>
    );
  return (
    <li
      data-testid="test-line"
      data-from={line.from}
      role={line.from === 'error' ? 'alert' : undefined}
      className={`self-center rounded-lg px-3 py-1.5 text-center text-xs leading-relaxed shadow-xs ${
        line.from === 'handover'
          ? 'bg-amber-50 text-amber-950 ring-1 ring-amber-200'
          : 'bg-red-50 text-red-800 ring-1 ring-red-200'
      }`}
    >
      {line.text}
    </li>
  );
}
