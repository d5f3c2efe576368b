import type { Campaign } from '@common/api/campaigns';
import type { TemplateView } from '@common/api/templates';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { contactFieldsQuery } from '../../../../api/contactFields';
import { TemplatePreview } from '../../../../components/TemplatePreview';
import { HeaderMediaChoice } from './HeaderMediaChoice';
import { RecipientPreviews } from './RecipientPreviews';
import { StepFrame } from './StepFrame';
import type { StepProps } from './steps';
import {
  hasMediaHeader,
  type SourceMap,
  slotKey,
  sourcesOf,
  sourcesProblem,
  variableSlots,
  variablesOf,
} from './steps';
import { sourceLabel, VariableSourceField } from './VariableSourceField';

/** How long the mapping rests before it is saved and the recipients' preview read again. */
export const VARIABLES_SAVE_DELAY_MS = 600;

/**
 * Step 4: each body variable, the header's and each link button's, mapped to the contact's name or
 * phone, a custom field or a fixed text, with a fallback for empty values. A complete mapping is saved
 * as it changes, and the preview shows three real recipients' messages.
 */
export function VariablesStep(props: StepProps) {
  const { campaign, template } = props;
  if (!campaign || !template) {
    return (
      <StepFrame
        title="Fill in the variables"
        onContinue={() => props.go('template')}
        onBack={() => props.go('audience')}
        continueLabel="Choose a template"
      >
        <p className="text-sm text-slate-600">Choose an approved template first.</p>
      </StepFrame>
    );
  }
  return <VariablesForm {...props} campaign={campaign} template={template} />;
}

function VariablesForm({
  campaign,
  template,
  error,
  busy,
  save,
  go,
}: StepProps & { campaign: Campaign; template: TemplateView }) {
  const fields = useQuery(contactFieldsQuery).data?.fields ?? [];
  const slots = useMemo(() => variableSlots(template), [template]);
  const [map, setMap] = useState<SourceMap>(() => sourcesOf(slots, campaign.variables));
  const [problem, setProblem] = useState<string | null>(null);
  const variables = variablesOf(slots, map);
  const complete = sourcesProblem(slots, map) === null;
  const wanted = JSON.stringify(variables);
  const saved = JSON.stringify(variablesOf(slots, sourcesOf(slots, campaign.variables, false)));
  const saveRef = useRef(save);
  saveRef.current = save;

  // A complete mapping is saved once it rests, so the recipients' preview follows it.
  useEffect(() => {
    if (!complete || wanted === saved) return;
    const timer = window.setTimeout(
      () => void saveRef.current({ variables: JSON.parse(wanted) }, null),
      VARIABLES_SAVE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [complete, wanted, saved]);

  const submit = () => {
    const missing = sourcesProblem(slots, map);
    if (missing) return setProblem(missing);
    void save(wanted === saved ? {} : { variables }, 'schedule');
  };

  const labelOf = (key: string) => sourceLabel(map[key] ?? null, fields);
  const body = slots.filter((s) => s.part === 'body').map((s) => labelOf(slotKey(s)));
  const header = slots.some((s) => s.part === 'header') ? [labelOf('header')] : [];

  return (
    <StepFrame
      title="Fill in the variables"
      description="Each recipient gets their own values. A fallback stands in when a contact has no value."
      error={error ?? problem}
      busy={busy}
      onBack={() => go('audience')}
      onContinue={submit}
      footer={
        <RecipientPreviews campaign={campaign} template={template} ready={complete && wanted === saved} />
      }
      aside={
        <div className="space-y-2 lg:sticky lg:top-4">
          <p className="text-xs font-medium text-slate-600">Template: {template.name}</p>
          <TemplatePreview
            header={template.header}
            headerMedia={template.headerSample}
            body={template.body}
            footer={template.footer}
            buttons={template.buttons}
            values={{ body, header }}
          />
        </div>
      }
    >
      {slots.length === 0 && !hasMediaHeader(template) && (
        <p className="rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
          This template has no variables: everyone receives the same message.
        </p>
      )}
      {hasMediaHeader(template) && <HeaderMediaChoice campaign={campaign} template={template} save={save} />}
      {slots.map((slot) => (
        <VariableSourceField
          key={slotKey(slot)}
          slot={slot}
          source={map[slotKey(slot)] ?? null}
          fields={fields}
          onChange={(source) => {
            setMap((current) => ({ ...current, [slotKey(slot)]: source }));
            setProblem(null);
          }}
        />
      ))}
    </StepFrame>
  );
}
