import type { ContactDetail } from '@common/api/inbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BotIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { handOverWords, setChatBotPaused } from '../../../../api/aiBot';
import { errorMessage } from '../../../../api/client';
import { Spinner } from '../../../../components/Spinner';
import { showToast } from '../../../../ui/Toast';

const TONES = {
  active: 'border-violet-200 bg-violet-50 text-violet-950',
  paused: 'border-slate-200 bg-slate-50 text-slate-800',
  handed_over: 'border-amber-200 bg-amber-50 text-amber-950',
} as const;

/**
 * Above the messages of a chat the AI bot may answer: what the bot does here now, and the per-chat
 * switch — "Pause bot" while it answers, "Resume bot" when paused or after it handed the chat over
 * ("Handed over by the AI bot: the customer asked for a person"). Absent when the team's bot is off.
 */
export function ChatBotBar({ contact }: { contact: ContactDetail }) {
  const client = useQueryClient();
  const bot = contact.bot;
  const change = useMutation({
    mutationFn: (paused: boolean) => setChatBotPaused(client, contact.id, paused),
    onSuccess: (next) =>
      showToast(
        next.state === 'paused' ? 'AI bot paused in this chat' : 'AI bot resumed in this chat',
        'success',
      ),
    onError: (failure) =>
      showToast(errorMessage(failure, 'Could not change the AI bot for this chat'), 'error'),
  });
  if (!bot || bot.state === 'off') return null;

  const state = bot.state;
  const text =
    state === 'active'
      ? 'The AI bot answers this chat while it is unassigned. It hands over when it is unsure or the customer asks for a person; a reply from you stops it here.'
      : state === 'paused'
        ? 'The AI bot is paused in this chat: it will not answer here until someone resumes it.'
        : `Handed over by the AI bot: ${handOverWords(bot)}. Someone from the team should reply.`;
  const paused = state !== 'active';

  return (
    <div
      data-testid="chat-bot-bar"
      data-state={state}
      className={`flex shrink-0 items-center gap-3 border-b px-4 py-2 text-sm ${TONES[state]}`}
    >
      <BotIcon className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1" role={state === 'handed_over' ? 'status' : undefined}>
        {text}
      </p>
      <button
        type="button"
        onClick={() => change.mutate(!paused)}
        disabled={change.isPending}
        className="flex h-8 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 font-medium text-slate-800 shadow-xs ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-wait"
      >
        {change.isPending ? (
          <Spinner className="size-4" />
        ) : paused ? (
          <PlayIcon className="size-4" aria-hidden="true" />
        ) : (
          <PauseIcon className="size-4" aria-hidden="true" />
        )}
        {paused ? 'Resume bot' : 'Pause bot'}
      </button>
    </div>
  );
}
