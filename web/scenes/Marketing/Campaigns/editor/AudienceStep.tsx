import { CAMPAIGN_MSG, type CampaignAudience } from '@common/api/campaigns';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { tagsQuery } from '../../../../api/inboxKeys';
import { segmentsQuery } from '../../../../api/segments';
import { inputClasses } from '../../../../components/TextField';
import { useDebouncedValue } from '../../../../hooks/useDebouncedValue';
import { AudienceCountLine } from './AudienceCountLine';
import { StepFrame } from './StepFrame';
import type { StepProps } from './steps';

type Kind = CampaignAudience['kind'];

/** The audience being chosen, or null while it lacks its segment or tags. */
function audienceOf(
  kind: Kind,
  segmentId: string,
  tagIds: string[],
  match: 'any' | 'all',
): CampaignAudience | null {
  if (kind === 'opted_in') return { kind };
  if (kind === 'segment') return segmentId ? { kind, segmentId } : null;
  return tagIds.length > 0 ? { kind, tagIds, match } : null;
}

function KindOption({
  value,
  current,
  onPick,
  title,
  hint,
  children,
}: {
  value: Kind;
  current: Kind;
  onPick: (kind: Kind) => void;
  title: string;
  hint: string;
  children?: ReactNode;
}) {
  const selected = value === current;
  return (
    <div
      className={`rounded-xl p-3.5 ring-1 transition-shadow has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-600 ${
        selected ? 'bg-ink-50/50 ring-2 ring-ink-600' : 'ring-slate-200'
      }`}
    >
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="radio"
          name="audience-kind"
          value={value}
          checked={selected}
          onChange={() => onPick(value)}
          className="mt-0.5 size-4 accent-ink-700"
        />
        <span>
          <span className="block text-sm font-semibold text-slate-900">{title}</span>
          <span className="block text-sm text-slate-600">{hint}</span>
        </span>
      </label>
      {selected && children && <div className="mt-3 pl-7">{children}</div>}
    </div>
  );
}

/** Step 3: a saved segment, contacts with tags (any or all), or everyone who opted in; counted live. */
export function AudienceStep({ campaign, error, busy, save, go }: StepProps) {
  const initial = campaign?.audience ?? null;
  const [kind, setKind] = useState<Kind>(initial?.kind ?? 'segment');
  const [segmentId, setSegmentId] = useState(initial?.kind === 'segment' ? initial.segmentId : '');
  const [tagIds, setTagIds] = useState<string[]>(initial?.kind === 'tags' ? initial.tagIds : []);
  const [match, setMatch] = useState<'any' | 'all'>(initial?.kind === 'tags' ? initial.match : 'any');
  const [problem, setProblem] = useState<string | null>(null);
  const segments = useQuery(segmentsQuery);
  const tags = useQuery(tagsQuery);
  const audience = audienceOf(kind, segmentId, tagIds, match);
  const counted = useDebouncedValue(audience, 250);

  const pick = (next: Kind) => {
    setKind(next);
    setProblem(null);
  };
  const submit = () => {
    if (!audience) {
      return setProblem(kind === 'tags' ? CAMPAIGN_MSG.tagsRequired : CAMPAIGN_MSG.audienceRequired);
    }
    void save({ audience }, 'variables');
  };

  return (
    <StepFrame
      title="Choose the audience"
      description="Contacts who opted out of marketing are always left out, and so are blocked contacts."
      error={error ?? problem}
      busy={busy}
      onBack={() => go('template')}
      onContinue={submit}
    >
      <fieldset className="space-y-3">
        <legend className="sr-only">Who receives the campaign</legend>
        <KindOption
          value="segment"
          current={kind}
          onPick={pick}
          title="A saved segment"
          hint="The contacts a segment of the Contacts page matches when sending starts."
        >
          {segments.data && segments.data.length === 0 ? (
            <p className="text-sm text-slate-600">
              No segments yet: save a filter as a segment on the Contacts page.
            </p>
          ) : (
            <label className="block max-w-sm">
              <span className="mb-1.5 block text-[13px] font-medium text-slate-700">Segment</span>
              <select
                className={inputClasses()}
                value={segmentId}
                onChange={(event) => {
                  setSegmentId(event.target.value);
                  setProblem(null);
                }}
              >
                <option value="">Choose a segment…</option>
                {segments.data?.map((segment) => (
                  <option key={segment.id} value={segment.id}>
                    {segment.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </KindOption>
        <KindOption
          value="tags"
          current={kind}
          onPick={pick}
          title="Contacts with tags"
          hint="Everyone carrying any of the tags, or all of them."
        >
          {tags.data && tags.data.length === 0 ? (
            <p className="text-sm text-slate-600">
              No tags yet: tag contacts from a chat or the Contacts page.
            </p>
          ) : (
            <div className="space-y-3">
              <fieldset>
                <legend className="mb-1.5 text-[13px] font-medium text-slate-700">Tags</legend>
                <div className="flex max-h-48 flex-wrap gap-2 overflow-y-auto p-0.5">
                  {tags.data?.map((tag) => {
                    const on = tagIds.includes(tag.id);
                    return (
                      <label
                        key={tag.id}
                        className={`inline-flex cursor-pointer items-center gap-2 rounded-full px-3 py-1 text-sm ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-600 ${
                          on
                            ? 'bg-ink-50 text-ink-900 ring-ink-300'
                            : 'bg-white text-slate-700 ring-slate-300'
                        }`}
                      >
                        <input
                          type="checkbox"
                          checked={on}
                          onChange={() => {
                            setTagIds((ids) => (on ? ids.filter((id) => id !== tag.id) : [...ids, tag.id]));
                            setProblem(null);
                          }}
                          className="size-3.5 accent-ink-700"
                        />
                        {tag.name}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              <fieldset className="flex flex-wrap items-center gap-4 text-sm text-slate-700">
                <legend className="sr-only">Match</legend>
                {(['any', 'all'] as const).map((value) => (
                  <label key={value} className="inline-flex items-center gap-2">
                    <input
                      type="radio"
                      name="audience-match"
                      checked={match === value}
                      onChange={() => setMatch(value)}
                      className="size-4 accent-ink-700"
                    />
                    {value === 'any' ? 'Any of these tags' : 'All of these tags'}
                  </label>
                ))}
              </fieldset>
            </div>
          )}
        </KindOption>
        <KindOption
          value="opted_in"
          current={kind}
          onPick={pick}
          title="Everyone opted in"
          hint="Only contacts who said yes to marketing messages."
        />
      </fieldset>
      <AudienceCountLine audience={counted} />
    </StepFrame>
  );
}
