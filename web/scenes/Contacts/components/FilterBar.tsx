import type { FieldCondition } from '@common/api/contact-filter';
import { TAG_MODES } from '@common/api/contact-table';
import { useQuery } from '@tanstack/react-query';
import {
  ArchiveIcon,
  CalendarIcon,
  ListPlusIcon,
  MegaphoneIcon,
  SlidersHorizontalIcon,
  TagIcon,
  UserRoundIcon,
} from 'lucide-react';
import { useState } from 'react';
import { contactFieldsQuery } from '../../../api/contactFields';
import type { TableFilter } from '../../../api/contactTable';
import { tagsQuery } from '../../../api/inbox';
import { teamQuery } from '../../../api/team';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/TextField';
import { useSession } from '../../../hooks/useSession';
import { useInboxAbilities } from '../../Chats/components/assign/AssignMenu';
import {
  ARCHIVED_LABELS,
  activityLabel,
  archivedLabel,
  assigneeLabel,
  conditionLabel,
  consentLabel,
  TAG_MODE_LABELS,
  tagsLabel,
} from '../filterLabels';
import { CampaignFilterChip } from './CampaignFilterChip';
import { FieldConditionEditor } from './FieldConditionEditor';
import { FilterPill, RadioChoices } from './FilterPill';

type FilterBarProps = { filter: TableFilter; onChange: (change: Partial<TableFilter>) => void };

const ICON = 'size-3.5';

/** The toolbar's filters, each a pill with its editor; set ones show their value and an ×. */
export function FilterBar({ filter, onChange }: FilterBarProps) {
  const tags = useQuery(tagsQuery).data ?? [];
  const fields = useQuery(contactFieldsQuery).data?.fields ?? [];
  const abilities = useInboxAbilities().data;
  const session = useSession().data;
  const meId = session?.user?.id ?? null;
  // Members see only their own and unassigned contacts: no teammate to filter by.
  const team = useQuery({ ...teamQuery, enabled: abilities?.viewTeam === true });
  const teammates = (team.data?.members ?? [])
    .filter((m) => m.status === 'active' && m.userId && m.userId !== meId)
    .map((m) => ({ id: m.userId!, label: m.label || 'Unknown' }));

  const setCondition = (index: number, condition: FieldCondition) =>
    onChange({ conditions: filter.conditions.map((c, i) => (i === index ? condition : c)) });
  const removeCondition = (index: number) =>
    onChange({ conditions: filter.conditions.filter((_, i) => i !== index) });

  return (
    <>
      {filter.campaign && (
        <CampaignFilterChip condition={filter.campaign} onClear={() => onChange({ campaign: null })} />
      )}
      <FilterPill
        name="Tags"
        icon={<TagIcon className={ICON} />}
        value={tagsLabel(filter, tags)}
        onClear={() => onChange({ tagIds: [], tagMode: 'any' })}
      >
        {() => (
          <div className="flex min-h-0 flex-col">
            <fieldset className="mx-4 mt-1 mb-2 grid grid-cols-3 rounded-lg bg-slate-100 p-0.5">
              <legend className="sr-only">Match</legend>
              {TAG_MODES.map((mode) => (
                <label
                  key={mode}
                  className={`cursor-pointer rounded-md px-1 py-1 text-center text-xs font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/50 ${filter.tagMode === mode ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900'}`}
                >
                  <input
                    type="radio"
                    name="tag-mode"
                    className="sr-only"
                    checked={filter.tagMode === mode}
                    onChange={() => onChange({ tagMode: mode })}
                  />
                  {TAG_MODE_LABELS[mode].replace('Has ', '')}
                </label>
              ))}
            </fieldset>
            <div className="max-h-64 overflow-y-auto px-2 pb-2">
              {tags.length === 0 && <p className="px-2 py-3 text-[13px] text-slate-600">No tags yet.</p>}
              {tags.map((tag) => (
                <label
                  key={tag.id}
                  className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-[13px] text-slate-700 hover:bg-slate-50"
                >
                  <input
                    type="checkbox"
                    checked={filter.tagIds.includes(tag.id)}
                    onChange={(e) =>
                      onChange({
                        tagIds: e.target.checked
                          ? [...filter.tagIds, tag.id]
                          : filter.tagIds.filter((id) => id !== tag.id),
                      })
                    }
                    className="size-4 rounded accent-brand-600"
                  />
                  <span className="min-w-0 flex-1 truncate">{tag.name}</span>
                  <span className="text-xs text-slate-500 tabular-nums">{tag.contactCount}</span>
                </label>
              ))}
            </div>
          </div>
        )}
      </FilterPill>
      <FilterPill
        name="Assignee"
        icon={<UserRoundIcon className={ICON} />}
        value={assigneeLabel(filter.assignee, teammates)}
        onClear={() => onChange({ assignee: 'anyone' })}
        panelClassName="w-64"
      >
        {() => (
          <RadioChoices
            name="Assignee"
            value={filter.assignee}
            onPick={(assignee) => onChange({ assignee })}
            options={[
              { value: 'anyone', label: 'Anyone' },
              { value: 'unassigned', label: 'Unassigned' },
              { value: 'me', label: 'Me' },
              ...teammates.map((t) => ({ value: t.id, label: t.label })),
            ]}
          />
        )}
      </FilterPill>
      <FilterPill
        name="Consent"
        icon={<MegaphoneIcon className={ICON} />}
        value={consentLabel(filter.consent)}
        onClear={() => onChange({ consent: 'any' })}
        panelClassName="w-64"
      >
        {() => (
          <RadioChoices
            name="Marketing consent"
            value={filter.consent}
            onPick={(consent) => onChange({ consent })}
            options={[
              { value: 'any', label: 'Any' },
              { value: 'opted_in', label: 'Opted in' },
              { value: 'opted_out', label: 'Opted out' },
              { value: 'unknown', label: 'Unknown' },
            ]}
          />
        )}
      </FilterPill>
      <FilterPill
        name="Last activity"
        icon={<CalendarIcon className={ICON} />}
        value={activityLabel(filter)}
        onClear={() => onChange({ after: null, before: null })}
      >
        {(close) => (
          <ActivityEditor
            filter={filter}
            onApply={(v) => {
              onChange(v);
              close();
            }}
          />
        )}
      </FilterPill>
      <FilterPill
        name="Archived"
        icon={<ArchiveIcon className={ICON} />}
        value={archivedLabel(filter.archived)}
        onClear={() => onChange({ archived: 'exclude' })}
        panelClassName="w-64"
      >
        {() => (
          <RadioChoices
            name="Archived contacts"
            value={filter.archived}
            onPick={(archived) => onChange({ archived })}
            options={(['exclude', 'include', 'only'] as const).map((v) => ({
              value: v,
              label: ARCHIVED_LABELS[v],
            }))}
          />
        )}
      </FilterPill>
      {filter.conditions.map((condition, index) => (
        <FilterPill
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; the list only changes by these pills
          key={index}
          name="Field"
          label="Custom field filter"
          icon={<SlidersHorizontalIcon className={ICON} />}
          value={conditionLabel(condition, fields)}
          onClear={() => removeCondition(index)}
        >
          {(close) => (
            <FieldConditionEditor
              fields={fields}
              initial={condition}
              onSave={(c) => {
                setCondition(index, c);
                close();
              }}
            />
          )}
        </FilterPill>
      ))}
      <FilterPill
        name="Add field filter"
        label="Add field filter"
        icon={<ListPlusIcon className={ICON} />}
        value={null}
        onClear={() => {}}
      >
        {(close) => (
          <FieldConditionEditor
            fields={fields}
            onSave={(c) => {
              onChange({ conditions: [...filter.conditions, c] });
              close();
            }}
          />
        )}
      </FilterPill>
    </>
  );
}

function ActivityEditor({
  filter,
  onApply,
}: {
  filter: TableFilter;
  onApply: (change: Pick<TableFilter, 'after' | 'before'>) => void;
}) {
  const [after, setAfter] = useState(filter.after ?? '');
  const [before, setBefore] = useState(filter.before ?? '');
  const wrongOrder = after !== '' && before !== '' && after >= before;
  return (
    <form
      className="space-y-2.5 px-4 pt-1 pb-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!wrongOrder) onApply({ after: after || null, before: before || null });
      }}
    >
      <p className="text-xs text-slate-600">The last message, sent or received.</p>
      <label className="block text-[13px] font-medium text-slate-700">
        On or after
        <input
          type="date"
          value={after}
          onChange={(e) => setAfter(e.target.value)}
          className={`${inputClasses()} mt-1 py-2`}
        />
      </label>
      <label className="block text-[13px] font-medium text-slate-700">
        Before
        <input
          type="date"
          value={before}
          onChange={(e) => setBefore(e.target.value)}
          aria-invalid={wrongOrder || undefined}
          className={`${inputClasses(wrongOrder)} mt-1 py-2`}
        />
      </label>
      {wrongOrder && <p className="text-xs text-red-600">The start must be earlier than the end.</p>}
      <Button type="submit" variant="primary" size="sm" block disabled={wrongOrder || (!after && !before)}>
        Apply
      </Button>
    </form>
  );
}
