import type { Campaign } from '@common/api/campaigns';
import { timeZoneLabel } from '@common/time-zone';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { audienceCountQuery, messagingLimitQuery, scheduleCampaign } from '../../../../api/campaigns';
import { contactFieldsQuery } from '../../../../api/contactFields';
import { tagsQuery } from '../../../../api/inboxKeys';
import { segmentsQuery } from '../../../../api/segments';
import { Button } from '../../../../components/Button';
import { useTeamTimeZone } from '../../../../components/TeamTimeZoneNote';
import { audienceText } from '../audienceText';
import { estimateDuration, formatMoment, messagingLimitNote } from '../format';
import { audienceCountText } from './AudienceCountLine';
import { type ScheduleChoice, sendAtOf } from './ScheduleStep';
import { StepFrame } from './StepFrame';
import type { StepProps } from './steps';
import { STEPS, type StepId, slotKey, sourcesOf, variableSlots } from './steps';
import { sourceLabel } from './VariableSourceField';

function Row({
  label,
  step,
  onEdit,
  children,
}: {
  label: string;
  step: StepId;
  onEdit: (s: StepId) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-1 py-3">
      <dt className="w-32 shrink-0 pt-1.5 text-sm font-medium text-slate-600">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-start justify-between gap-3 text-sm text-slate-900">
        <div className="min-w-0 pt-1.5">{children}</div>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onEdit(step)}
          aria-label={`Change ${label.toLowerCase()}`}
        >
          Change
        </Button>
      </dd>
    </div>
  );
}

/** Step 6: everything at a glance, the recipients and how long sending takes; then Send or Schedule. */
export function ReviewStep(props: StepProps & { schedule: ScheduleChoice }) {
  const { campaign, template, error, go, fail, schedule } = props;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const segments = useQuery(segmentsQuery).data;
  const teamZone = useTeamTimeZone().timeZone;
  const tags = useQuery(tagsQuery).data;
  const fields = useQuery(contactFieldsQuery).data?.fields ?? [];
  const count = useQuery({
    ...audienceCountQuery(campaign?.audience ?? { kind: 'opted_in' }),
    enabled: Boolean(campaign?.audience),
  });
  const limit = useQuery(messagingLimitQuery).data;
  if (!campaign) return null;
  const timeZone = teamZone ?? campaign.timeZone;
  const when = sendAtOf(schedule, timeZone);
  const recipients = count.data?.recipients ?? null;
  const limitNote = recipients !== null && limit ? messagingLimitNote(recipients, limit) : null;

  const send = async (c: Campaign) => {
    if ('problem' in when) {
      fail(when.problem, 'schedule');
      return go('schedule');
    }
    setSending(true);
    try {
      await scheduleCampaign(client, c.id, when.localSendAt);
      navigate(`/app/marketing/campaigns/${c.id}`, { replace: true });
    } catch (e) {
      fail(e, 'review');
      setSending(false);
    }
  };

  const slots = template ? variableSlots(template) : [];
  const sources = template ? sourcesOf(slots, campaign.variables, false) : {};
  const later = schedule.mode === 'later' && 'sendAt' in when && when.sendAt;

  return (
    <StepFrame
      title="Review and send"
      description="Check the campaign before it goes out. Once sending starts, it can be paused or cancelled."
      error={error}
      busy={sending}
      onBack={() => go('schedule')}
      onContinue={() => void send(campaign)}
      continueLabel={later ? 'Schedule campaign' : 'Send now'}
      continueDisabled={!campaign.abilities.schedule || recipients === 0}
    >
      <dl className="divide-y divide-slate-100" data-testid="campaign-review">
        <Row label="Name" step="name" onEdit={go}>
          {campaign.name}
        </Row>
        <Row label="Template" step="template" onEdit={go}>
          {template?.name ?? 'No approved template chosen'}
        </Row>
        <Row label="Audience" step="audience" onEdit={go}>
          <p>{audienceText(campaign.audience, segments, tags)}</p>
          <p className="text-slate-600" data-testid="review-recipients">
            {count.data ? audienceCountText(count.data) : count.isPending ? 'Counting…' : ''}
          </p>
        </Row>
        <Row label="Variables" step="variables" onEdit={go}>
          {slots.length === 0 ? (
            'None'
          ) : (
            <ul className="space-y-0.5">
              {slots.map((slot) => (
                <li key={slotKey(slot)}>
                  <span className="font-mono text-sky-800">{slot.label}</span>{' '}
                  {sourceLabel(sources[slotKey(slot)] ?? null, fields) || 'not chosen'}
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label="When" step="schedule" onEdit={go}>
          {later ? `${formatMoment(later, timeZone)} (${timeZoneLabel(timeZone)})` : 'Now'}
        </Row>
        <Row label="Duration" step="schedule" onEdit={go}>
          <span data-testid="review-duration">
            {recipients === null
              ? '—'
              : `Sending takes ${estimateDuration(recipients, campaign.sendRate)} at ${campaign.sendRate} messages a second.`}
          </span>
          {limitNote && (
            <p className="mt-1 text-amber-800" data-testid="review-messaging-limit">
              {limitNote}
            </p>
          )}
        </Row>
      </dl>
      {recipients === 0 && (
        <p className="text-sm text-amber-800">
          No one in this audience can receive the campaign. Choose another audience.
        </p>
      )}
      {!campaign.abilities.schedule && (
        <p className="text-sm text-slate-600">Only the team owner can send this campaign.</p>
      )}
      <p className="sr-only">{`Step ${STEPS.length} of ${STEPS.length}`}</p>
    </StepFrame>
  );
}
