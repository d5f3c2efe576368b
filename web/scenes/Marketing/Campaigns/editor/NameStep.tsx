import { CAMPAIGN_MSG, CAMPAIGN_NAME_MAX } from '@common/api/campaigns';
import { useState } from 'react';
import { TextField } from '../../../../components/TextField';
import { StepFrame } from './StepFrame';
import type { StepProps } from './steps';

/** Step 1: the campaign's name, which only the team sees. Continue creates the draft. */
export function NameStep({ campaign, error, busy, save }: StepProps) {
  const [name, setName] = useState(campaign?.name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return setProblem(CAMPAIGN_MSG.nameRequired);
    if (campaign && trimmed === campaign.name) return void save({}, 'template');
    void save({ name: trimmed }, 'template');
  };
  return (
    <StepFrame
      title="Name your campaign"
      description="Only your team sees the name; customers receive the template."
      error={error}
      busy={busy}
      onContinue={submit}
    >
      <TextField
        label="Campaign name"
        value={name}
        maxLength={CAMPAIGN_NAME_MAX}
        placeholder="e.g. Spring sale announcement"
        onChange={(event) => {
          setName(event.target.value);
          setProblem(null);
        }}
        error={problem}
        autoFocus
      />
    </StepFrame>
  );
}
