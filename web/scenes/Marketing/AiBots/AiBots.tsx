import type { AiBotResponse } from '@common/api/ai-bot';
import { timeZoneLabel } from '@common/time-zone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BotIcon, SparklesIcon } from 'lucide-react';
import { Switch } from 'react-aria-components';
import { Link } from 'react-router';
import { aiBotQuery, saveAiBot } from '../../../api/aiBot';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { showToast } from '../../../ui/Toast';
import { BotSettingsForm } from './BotSettingsForm';
import { behaviourInWords, hoursInWords } from './botWords';
import { TestChat } from './TestChat';

/**
 * Marketing → AI Bots (issue 16): a bot that answers customers in unassigned chats by itself and hands
 * the chat to the team when it should. Owners turn it on, set when it answers and its limits, and try
 * it in a test chat; members see the same, read-only.
 */
export function AiBots() {
  const query = useQuery(aiBotQuery);
  if (!query.data) {
    return (
      <div className="flex justify-center py-12">
        {query.isError ? (
          <Alert>{errorMessage(query.error, 'Failed to load the AI bot.')}</Alert>
        ) : (
          <Spinner className="size-5 text-slate-400" />
        )}
      </div>
    );
  }
  const view = query.data;
  const canEdit = view.abilities.configure;
  const words = behaviourInWords(view.settings);
  const testBlocked = !canEdit
    ? 'Only the team owner can try the bot here.'
    : !view.status.configured
      ? 'Connect an AI model in Settings → AI to try the bot.'
      : null;

  return (
    <div className="space-y-6" data-testid="ai-bots">
      {!canEdit && (
        <Alert tone="info" testId="bot-read-only">
          Only the team owner can change the AI bot. You can pause it in a chat from the chat itself.
        </Alert>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="min-w-0 space-y-6 lg:col-span-3">
          <BotOverview view={view} />
          <div className="rounded-2xl bg-white ring-1 ring-slate-200">
            <BotSettingsForm
              key={view.settings.updatedAt ?? 'new'}
              settings={view.settings}
              canEdit={canEdit}
            />
          </div>
          <section
            aria-labelledby="bot-behaviour-title"
            className="rounded-2xl bg-white p-6 ring-1 ring-slate-200"
            data-testid="bot-behaviour"
          >
            <h2 id="bot-behaviour-title" className="text-sm font-semibold text-slate-900">
              What the bot does
            </h2>
            <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-6 text-slate-700">
              {words.does.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <h3 className="mt-5 text-sm font-semibold text-slate-900">When it hands the chat to the team</h3>
            <p className="mt-1 text-sm leading-6 text-slate-600">
              It stops answering, leaves the chat unassigned and tells everyone on the team:
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700">
              {words.handsOver.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-3 text-sm leading-6 text-slate-600">
              A handed-over chat stays with the team until someone presses “Resume bot” in it.
            </p>
          </section>
        </div>
        <div className="min-w-0 lg:sticky lg:top-6 lg:col-span-2">
          <TestChat canTest={testBlocked === null} disabledReason={testBlocked} />
        </div>
      </div>
    </div>
  );
}

/** The switch, whether the bot answers right now, and the model it uses (or how to turn AI on). */
function BotOverview({ view }: { view: AiBotResponse }) {
  const client = useQueryClient();
  const { settings, status, answeringNow } = view;
  const canEdit = view.abilities.configure;
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => saveAiBot(client, { enabled }),
    onSuccess: (saved) =>
      showToast(saved.settings.enabled ? 'AI bot turned on' : 'AI bot turned off', 'success'),
    onError: (failure) => showToast(errorMessage(failure, 'Could not change the AI bot'), 'error'),
  });
  const enabled = toggle.isPending ? Boolean(toggle.variables) : settings.enabled;
  // Turning on needs a model; turning off never does.
  const canSwitch = canEdit && (settings.enabled || status.configured);

  let state: { dot: string; title: string; detail: string };
  if (!settings.enabled)
    state = {
      dot: 'bg-slate-400',
      title: 'Off',
      detail: 'Customers get no automatic answers; your team answers every chat.',
    };
  else if (answeringNow)
    state = {
      dot: 'bg-brand-500',
      title: 'On — answering now',
      detail: 'New messages in unassigned chats get an answer from the bot.',
    };
  else
    state = {
      dot: 'bg-amber-500',
      title: 'On — waiting for closing time',
      detail: `The team is open now; the bot answers outside ${hoursInWords(settings.hours)} (${timeZoneLabel(settings.timeZone)}, the team’s time zone).`,
    };

  return (
    <section
      aria-label="AI bot"
      className="rounded-2xl bg-white ring-1 ring-slate-200"
      data-testid="bot-overview"
    >
      <div className="flex items-start gap-4 p-6">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-700 ring-1 ring-violet-100">
          <BotIcon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">AI bot</h2>
          <p className="mt-0.5 flex items-center gap-2 text-sm text-slate-700" data-testid="bot-state">
            <span className={`size-2 shrink-0 rounded-full ${state.dot}`} aria-hidden="true" />
            <span className="font-medium">{state.title}</span>
          </p>
          <p className="mt-1 text-sm leading-6 text-slate-600">{state.detail}</p>
        </div>
        <Switch
          isSelected={enabled}
          isDisabled={!canSwitch || toggle.isPending}
          onChange={(next) => toggle.mutate(next)}
          className="group mt-1 flex shrink-0 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800 outline-none data-[disabled]:cursor-not-allowed"
        >
          <span className="sr-only">Answer customers with the AI bot</span>
          <span
            aria-hidden="true"
            className="flex h-6 w-11 items-center rounded-full bg-slate-400 px-0.5 transition-colors group-data-[disabled]:opacity-50 group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-brand-600 group-data-[focus-visible]:ring-offset-2 group-data-[selected]:bg-brand-600"
          >
            <span className="size-5 rounded-full bg-white shadow transition-transform group-data-[selected]:translate-x-5" />
          </span>
          <span aria-hidden="true">{enabled ? 'On' : 'Off'}</span>
        </Switch>
      </div>
      <div className="border-t border-slate-100 px-6 py-4 text-sm" data-testid="bot-model">
        {status.configured ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600">
            <span>Model in use</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-800 ring-1 ring-violet-200 ring-inset">
              <SparklesIcon className="size-3" aria-hidden="true" />
              {status.label}
            </span>
            <code className="rounded bg-slate-100 px-1 py-0.5 text-[13px] text-slate-800">
              {status.model}
            </code>
            <Link to="/app/settings/ai" className="font-medium text-sky-700 hover:underline">
              Settings → AI
            </Link>
          </p>
        ) : (
          <div className="text-amber-900">
            <p>{status.notConfiguredMessage}</p>
            <Link
              to="/app/settings/ai"
              className="mt-1 inline-block font-medium text-sky-700 hover:underline"
            >
              Open Settings → AI
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
