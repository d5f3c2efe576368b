import { CONSENT_LABELS } from '@common/api/consent';
import type { ContactField } from '@common/api/contact-fields';
import {
  CAMPAIGN_RECIPIENT_GROUPS,
  type CampaignCondition,
  FIELD_OP_LABELS,
  type FieldCondition,
} from '@common/api/contact-filter';
import type { TagMode } from '@common/api/contact-table';
import type { TagSummary, UserSummary } from '@common/api/inbox';
import type { TableFilter } from '../../api/contactTable';

/** The words each filter pill shows once it is set. */

export const TAG_MODE_LABELS: Record<TagMode, string> = {
  any: 'Has any of',
  all: 'Has all of',
  none: 'Has none of',
};

export const ARCHIVED_LABELS: Record<TableFilter['archived'], string> = {
  exclude: 'Hide archived',
  include: 'Include archived',
  only: 'Only archived',
};

export function tagsLabel(filter: TableFilter, tags: readonly TagSummary[]): string | null {
  if (filter.tagIds.length === 0) return null;
  const names = filter.tagIds.map((id) => tags.find((t) => t.id === id)?.name ?? 'Deleted tag');
  const shown = names.length > 2 ? `${names.slice(0, 2).join(', ')} +${names.length - 2}` : names.join(', ');
  return `${TAG_MODE_LABELS[filter.tagMode].toLowerCase().replace('has ', '')} ${shown}`;
}

export function assigneeLabel(
  assignee: TableFilter['assignee'],
  teammates: readonly UserSummary[],
): string | null {
  if (assignee === 'anyone') return null;
  if (assignee === 'unassigned') return 'Unassigned';
  if (assignee === 'me') return 'Me';
  return teammates.find((t) => t.id === assignee)?.label ?? 'A teammate';
}

export function consentLabel(consent: TableFilter['consent']): string | null {
  return consent === 'any' ? null : CONSENT_LABELS[consent];
}

/** 'Nov 1, 2026' from a day, read in UTC (what the server means by a day). */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function activityLabel(filter: TableFilter): string | null {
  if (filter.after && filter.before) return `${formatDay(filter.after)} – ${formatDay(filter.before)}`;
  if (filter.after) return `since ${formatDay(filter.after)}`;
  if (filter.before) return `before ${formatDay(filter.before)}`;
  return null;
}

export function archivedLabel(archived: TableFilter['archived']): string | null {
  return archived === 'exclude' ? null : ARCHIVED_LABELS[archived];
}

/** 'Plan is Pro', 'Renewal is before Dec 1, 2026', 'Company is empty'. */
export function conditionLabel(condition: FieldCondition, fields: readonly ContactField[]): string {
  const field = fields.find((f) => f.id === condition.fieldId);
  const name = field?.label ?? 'Deleted field';
  const op = FIELD_OP_LABELS[condition.op];
  if (condition.op === 'empty' || condition.op === 'not_empty') return `${name} ${op}`;
  const value =
    field?.type === 'date' && condition.value ? formatDay(condition.value) : (condition.value ?? '');
  return `${name} ${op} ${value}`;
}

/** 'Spring sale · read, replied' (the groups in the funnel's order); the name is null while loading. */
export function campaignConditionLabel(condition: CampaignCondition, name: string | null): string {
  const groups = CAMPAIGN_RECIPIENT_GROUPS.filter((g) => condition.statuses.includes(g));
  return `${name ?? '…'} · ${groups.join(', ')}`;
}
