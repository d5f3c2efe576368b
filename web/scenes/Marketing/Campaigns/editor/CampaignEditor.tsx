import type { Campaign } from '@common/api/campaigns';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { createCampaign, updateCampaign } from '../../../../api/campaigns';
import { ApiRequestError, errorMessage } from '../../../../api/client';
import { approvedTemplatesQuery } from '../../../../api/templates';
import { CampaignStatusBadge } from '../CampaignStatusBadge';
import { isoToZoned } from '../format';
import { AudienceStep } from './AudienceStep';
import { DeleteDraftButton } from './DeleteDraftButton';
import { NameStep } from './NameStep';
import { ReviewStep } from './ReviewStep';
import { type ScheduleChoice, ScheduleStep } from './ScheduleStep';
import { Stepper } from './Stepper';
import { completedSteps, isStepId, STEPS, type StepId, type StepProps, stepOfField } from './steps';
import { TemplateStep } from './TemplateStep';
import { VariablesStep } from './VariablesStep';

/** The step to open on arrival: the one asked for, else the first one not done yet. */
function startStep(asked: string | null, done: Set<StepId>): StepId {
  if (isStepId(asked)) return asked;
  return STEPS.find((s) => !done.has(s.id))?.id ?? 'review';
}

/**
 * The campaign create flow: name → template → audience → variables → schedule → review → send.
 * Every Continue saves the draft (POST the first time, then PATCH), so a draft left halfway is kept;
 * the step is in the URL (`?step=`). A refusal shows in words on the step it concerns.
 */
export function CampaignEditor({ campaign }: { campaign: Campaign | null }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const templates = useQuery(approvedTemplatesQuery);
  const template = templates.data?.templates.find((t) => t.id === campaign?.templateId) ?? null;
  const done = completedSteps(campaign, template);
  const step = campaign ? startStep(params.get('step'), done) : 'name';
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<StepId, string>>>({});
  const timeZone = campaign?.timeZone ?? 'UTC';
  const [schedule, setSchedule] = useState<ScheduleChoice>(() =>
    campaign?.scheduledAt
      ? { mode: 'later', ...isoToZoned(campaign.scheduledAt, timeZone) }
      : { mode: 'now', date: '', time: '' },
  );

  const go = (next: StepId, id = campaign?.id) => {
    if (!id) return;
    if (next !== step) setErrors((current) => ({ ...current, [step]: undefined }));
    const url = `/app/marketing/campaigns/${id}?step=${next}`;
    if (campaign) setParams({ step: next });
    else navigate(url, { replace: true });
  };

  const fail: StepProps['fail'] = (error, fallbackStep = step) => {
    const field = error instanceof ApiRequestError ? error.field : null;
    const target = field ? stepOf(field, fallbackStep) : fallbackStep;
    const text =
      typeof error === 'string'
        ? error
        : errorMessage(
            error,
            step === 'review'
              ? 'The campaign could not be sent. Try again.'
              : 'The draft could not be saved. Try again.',
          );
    // The step it concerns is marked; the step on screen says it too.
    setErrors((current) => ({ ...current, [target]: text, [step]: text }));
  };

  const save: StepProps['save'] = async (patch, next) => {
    setErrors((current) => ({ ...current, [step]: undefined }));
    const parts = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (campaign && Object.keys(parts).length === 0) {
      if (next) go(next);
      return true;
    }
    setBusy(true);
    try {
      const saved = campaign
        ? await updateCampaign(client, campaign.id, parts)
        : await createCampaign(client, { name: patch.name ?? '', ...parts });
      if (next) go(next, saved.id);
      return true;
    } catch (error) {
      fail(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const props: StepProps = {
    campaign,
    template,
    error: errors[step] ?? null,
    busy,
    save,
    go: (next) => go(next),
    fail,
  };

  return (
    <div className="space-y-6" data-testid="campaign-editor">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to="/app/marketing/campaigns"
            className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
          >
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            All campaigns
          </Link>
          <div className="mt-2 flex items-center gap-2">
            <h2 className="truncate text-lg font-semibold text-slate-900">
              {campaign?.name ?? 'New campaign'}
            </h2>
            {campaign && <CampaignStatusBadge status={campaign.status} />}
          </div>
          <p className="mt-0.5 text-sm text-slate-600">
            {campaign
              ? 'Each step is saved as you go; you can come back to this draft later.'
              : 'Start with a name.'}
          </p>
        </div>
        {campaign?.abilities.delete && <DeleteDraftButton campaign={campaign} />}
      </div>
      <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <Stepper current={step} done={done} errors={errors} onOpen={(id) => go(id)} />
        <div className="min-w-0">
          {step === 'name' && <NameStep key={campaign?.id ?? 'new'} {...props} />}
          {step === 'template' && <TemplateStep {...props} templates={templates} />}
          {step === 'audience' && <AudienceStep {...props} />}
          {step === 'variables' && <VariablesStep {...props} />}
          {step === 'schedule' && <ScheduleStep {...props} choice={schedule} onChoice={setSchedule} />}
          {step === 'review' && <ReviewStep {...props} schedule={schedule} />}
        </div>
      </div>
    </div>
  );
}

/** The step a refused field belongs to; a field no step owns stays on the step that saved. */
function stepOf(field: string, fallback: StepId): StepId {
  const found = stepOfField(field);
  return found === 'review' ? fallback : found;
}
