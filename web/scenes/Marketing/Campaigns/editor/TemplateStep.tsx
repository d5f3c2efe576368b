import { CAMPAIGN_MSG } from '@common/api/campaigns';
import { TEMPLATE_MSG, type TemplatesResponse } from '@common/api/templates';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../../api/client';
import { Alert } from '../../../../components/Alert';
import { Button } from '../../../../components/Button';
import { Spinner } from '../../../../components/Spinner';
import { TemplatePreview } from '../../../../components/TemplatePreview';
import { StepFrame } from './StepFrame';
import type { StepProps } from './steps';

/** Step 2: one of the approved templates, each drawn as the customer will see it. */
export function TemplateStep({
  campaign,
  error,
  busy,
  save,
  go,
  templates,
}: StepProps & { templates: UseQueryResult<TemplatesResponse, unknown> }) {
  const [chosen, setChosen] = useState<string | null>(campaign?.templateId ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const list = templates.data?.templates ?? [];

  const submit = () => {
    if (!chosen || !list.some((t) => t.id === chosen)) return setProblem(CAMPAIGN_MSG.templateRequired);
    void save({ templateId: chosen }, 'audience');
  };

  return (
    <StepFrame
      title="Choose a template"
      description="Only templates WhatsApp has approved can be sent to many contacts at once."
      error={error ?? problem}
      busy={busy}
      onBack={() => go('name')}
      onContinue={submit}
    >
      {templates.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading templates" />
        </div>
      ) : templates.isError ? (
        <Alert>
          <p>{errorMessage(templates.error, TEMPLATE_MSG.failedToLoad)}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void templates.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
          <p className="text-sm font-semibold text-slate-900">No approved templates yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Create a template on the{' '}
            <Link to="/app/marketing" className="font-medium text-ink-700 underline">
              Templates
            </Link>{' '}
            tab; once WhatsApp approves it, it appears here.
          </p>
        </div>
      ) : (
        <fieldset>
          <legend className="sr-only">Approved templates</legend>
          <div
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
            data-testid="campaign-templates"
          >
            {list.map((template) => {
              const selected = chosen === template.id;
              return (
                <label
                  key={template.id}
                  className={`flex cursor-pointer flex-col gap-2 rounded-xl p-3 ring-1 transition-shadow has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-600 ${
                    selected ? 'bg-ink-50/60 ring-2 ring-ink-600' : 'ring-slate-200 hover:ring-slate-300'
                  }`}
                  data-name={template.name}
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="campaign-template"
                      value={template.id}
                      checked={selected}
                      onChange={() => {
                        setChosen(template.id);
                        setProblem(null);
                      }}
                      className="size-4 accent-ink-700"
                    />
                    <span className="min-w-0 truncate text-sm font-semibold text-slate-900">
                      {template.name}
                    </span>
                  </span>
                  <span className="text-[11px] tracking-wide text-slate-600 uppercase">
                    {template.category} · {template.language}
                  </span>
                  <TemplatePreview
                    header={template.header}
                    headerMedia={template.headerSample}
                    body={template.body}
                    footer={template.footer}
                    buttons={template.buttons}
                    compact
                  />
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </StepFrame>
  );
}
