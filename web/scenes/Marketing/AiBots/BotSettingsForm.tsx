import {
  AI_BOT_MAX_LENGTH,
  type AiBotSettings,
  type AiBotSettingsInput,
  type AiBotWhen,
  aiBotSettingsInputSchema,
} from '@common/api/ai-bot';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { saveAiBot } from '../../../api/aiBot';
import { errorMessage } from '../../../api/client';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TeamTimeZoneNote } from '../../../components/TeamTimeZoneNote';
import { TextField } from '../../../components/TextField';
import { showToast } from '../../../ui/Toast';
import { BusinessHoursEditor } from './BusinessHoursEditor';

/** The zone is the team's (Settings → Team): shown here, not edited. */
type Draft = Omit<AiBotSettings, 'enabled' | 'updatedAt' | 'timeZone'>;
type Limits = { maxTurns: string; maxRepliesPerHour: string; maxLength: string };

const WHEN_OPTIONS: { value: AiBotWhen; label: string; hint: string }[] = [
  { value: 'always', label: 'Always', hint: 'Day and night, whenever a customer writes.' },
  {
    value: 'outside_hours',
    label: 'Outside business hours',
    hint: 'Only while the team is closed; during your hours the team answers.',
  },
];

function draftOf(settings: AiBotSettings): Draft {
  const { enabled: _enabled, updatedAt: _updatedAt, timeZone: _timeZone, ...rest } = settings;
  return rest;
}

const limitsOf = (s: AiBotSettings): Limits => ({
  maxTurns: String(s.maxTurns),
  maxRepliesPerHour: String(s.maxRepliesPerHour),
  maxLength: String(s.maxLength),
});

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * When the bot answers (always, or outside the team's weekly hours in the team's time zone, which is
 * set in Settings → Team) and its limits.
 * Owners save; members see the same values read-only.
 */
export function BotSettingsForm({ settings, canEdit }: { settings: AiBotSettings; canEdit: boolean }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [limits, setLimits] = useState<Limits>(() => limitsOf(settings));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: AiBotSettingsInput) => saveAiBot(client, body),
    onSuccess: (saved) => {
      setDraft(draftOf(saved.settings));
      setLimits(limitsOf(saved.settings));
      showToast('AI bot settings saved', 'success');
    },
  });

  const body: AiBotSettingsInput = {
    when: draft.when,
    hours: draft.hours,
    maxTurns: asNumber(limits.maxTurns),
    maxRepliesPerHour: asNumber(limits.maxRepliesPerHour),
    maxLength: asNumber(limits.maxLength),
  };
  const changed =
    JSON.stringify({ ...draftOf(settings), ...limitsOf(settings) }) !==
    JSON.stringify({ ...draft, ...limits });

  const edit = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setProblem(null);
    save.reset();
  };
  const editLimit = (key: keyof Limits) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setLimits((l) => ({ ...l, [key]: event.target.value }));
    setProblem(null);
    save.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = aiBotSettingsInputSchema.safeParse(body);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the settings');
      return;
    }
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="AI bot settings" className="divide-y divide-slate-100">
      <fieldset disabled={!canEdit} className="min-w-0 space-y-4 p-6">
        <legend className="sr-only">When the bot answers</legend>
        <h3 className="text-sm font-semibold text-slate-900">When it answers</h3>
        <div role="radiogroup" aria-label="When the bot answers" className="grid gap-2 sm:grid-cols-2">
          {WHEN_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer gap-3 rounded-xl p-3.5 ring-1 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${
                draft.when === option.value
                  ? 'bg-brand-50/60 ring-brand-500'
                  : 'ring-slate-200 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name="when"
                value={option.value}
                checked={draft.when === option.value}
                disabled={!canEdit}
                onChange={() => edit('when', option.value)}
                className="mt-0.5 size-4 accent-brand-600"
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{option.label}</span>
                <span className="mt-0.5 block text-xs leading-relaxed text-slate-600">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <TeamTimeZoneNote lead="Business hours are read in the team’s time zone" testId="bot-time-zone" />
        {draft.when === 'outside_hours' && (
          <BusinessHoursEditor
            hours={draft.hours}
            onChange={(hours) => edit('hours', hours)}
            disabled={!canEdit}
          />
        )}
      </fieldset>

      <div className="space-y-2 p-6">
        <h3 className="text-sm font-semibold text-slate-900">Which chats</h3>
        <p className="text-sm leading-6 text-slate-600" data-testid="bot-which-chats">
          Unassigned chats only. Once a chat is assigned to a teammate, or a teammate writes in it, the bot
          stays out of it. Anyone on the team can pause the bot in one chat from the chat itself.
        </p>
      </div>

      <fieldset disabled={!canEdit} className="min-w-0 space-y-4 p-6">
        <legend className="sr-only">Limits</legend>
        <h3 className="text-sm font-semibold text-slate-900">Limits</h3>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Turn limit"
            type="number"
            inputMode="numeric"
            min={1}
            max={50}
            disabled={!canEdit}
            value={limits.maxTurns}
            onChange={editLimit('maxTurns')}
            hint="Bot replies in a chat before it hands over."
          />
          <TextField
            label="Replies per customer per hour"
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            disabled={!canEdit}
            value={limits.maxRepliesPerHour}
            onChange={editLimit('maxRepliesPerHour')}
            hint="More would hand the chat over."
          />
          <TextField
            label="Reply length (characters)"
            type="number"
            inputMode="numeric"
            min={50}
            max={AI_BOT_MAX_LENGTH}
            disabled={!canEdit}
            value={limits.maxLength}
            onChange={editLimit('maxLength')}
            hint={`At most ${AI_BOT_MAX_LENGTH.toLocaleString('en-US')} (WhatsApp’s limit).`}
          />
        </div>
      </fieldset>

      {canEdit && (
        <div className="flex flex-wrap items-center justify-end gap-3 px-6 py-4">
          {(problem || save.isError) && (
            <Alert className="mr-auto" testId="bot-settings-error">
              {problem ?? errorMessage(save.error, 'Could not save the AI bot settings')}
            </Alert>
          )}
          <Button type="submit" isLoading={save.isPending} loadingText="Saving…" disabled={!changed}>
            Save bot settings
          </Button>
        </div>
      )}
    </form>
  );
}
