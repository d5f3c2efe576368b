import { CONSENT_LABELS, type ConsentState } from '@common/api/consent';
import type { ContactField } from '@common/api/contact-fields';
import type { ContactTableColumn, ContactTableRow, ContactTableSort } from '@common/api/contact-table';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/Avatar';
import { formatFullDate, formatListTime, formatShortDate } from '../../../components/time';
import { TagChip } from '../../Chats/components/tags/TagChips';
import { formatDay } from '../filterLabels';

/** One column of the table: its header, width and cell. Avatar + name and phone are always shown. */
export type ColumnDef = {
  id: 'name' | 'phone' | ContactTableColumn;
  label: string;
  /** A CSS grid track. */
  width: string;
  sort?: ContactTableSort;
  align?: 'right';
  cell: (row: ContactTableRow, now: number) => ReactNode;
};

const CONSENT_BADGE: Record<ConsentState, string> = {
  opted_in: 'bg-brand-50 text-brand-800 ring-brand-200',
  opted_out: 'bg-red-50 text-red-700 ring-red-200',
  unknown: 'bg-slate-50 text-slate-600 ring-slate-200',
};

export function ConsentBadge({ state }: { state: ConsentState }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ${CONSENT_BADGE[state]}`}
    >
      {CONSENT_LABELS[state]}
    </span>
  );
}

/** '+1 650 555 0104': E.164 grouped as the country writes it (as stored when it cannot be read). */
export function formatPhone(phone: string): string {
  const e164 = phone.startsWith('+') ? phone : `+${phone}`;
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

const muted = <span className="text-slate-400">—</span>;

function TimeCell({ value, now }: { value: string | null; now: number }) {
  if (!value) return muted;
  return (
    <time dateTime={value} title={formatFullDate(value)} className="text-slate-600 tabular-nums">
      {formatListTime(value, now)}
    </time>
  );
}

export const NAME_COLUMN: ColumnDef = {
  id: 'name',
  label: 'Name',
  width: 'minmax(220px, 1.4fr)',
  sort: 'name',
  cell: (row) => (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar id={row.id} name={row.name ?? ''} size="sm" />
      <span className="min-w-0">
        <span
          className={`block truncate font-medium ${row.name ? 'text-slate-900' : 'text-slate-500 italic'}`}
          data-testid="contact-name"
        >
          {row.name ?? 'Unknown'}
        </span>
        {(row.archived || row.blocked) && (
          <span className="block text-[11px] text-slate-500">{row.blocked ? 'Blocked' : 'Archived'}</span>
        )}
      </span>
    </span>
  ),
};

const PHONE_COLUMN: ColumnDef = {
  id: 'phone',
  label: 'Phone',
  width: '160px',
  cell: (row) => <span className="truncate text-slate-700 tabular-nums">{formatPhone(row.phone)}</span>,
};

const BUILT_IN: Record<string, ColumnDef> = {
  tags: {
    id: 'tags',
    label: 'Tags',
    width: 'minmax(160px, 1fr)',
    cell: (row) =>
      row.tags.length === 0 ? (
        muted
      ) : (
        <span className="flex min-w-0 items-center gap-1 overflow-hidden">
          {row.tags.slice(0, 2).map((tag) => (
            <TagChip key={tag.id} tag={tag} size="sm" />
          ))}
          {row.tags.length > 2 && (
            <span className="shrink-0 text-xs text-slate-500">+{row.tags.length - 2}</span>
          )}
        </span>
      ),
  },
  assignee: {
    id: 'assignee',
    label: 'Assignee',
    width: '140px',
    cell: (row) =>
      row.assignee ? (
        <span className="truncate text-slate-700">{row.assignee.label}</span>
      ) : (
        <span className="text-slate-500">Unassigned</span>
      ),
  },
  consent: {
    id: 'consent',
    label: 'Consent',
    width: '112px',
    cell: (row) => <ConsentBadge state={row.consent} />,
  },
  firstContact: {
    id: 'firstContact',
    label: 'First contact',
    width: '128px',
    sort: 'firstContact',
    cell: (row) => (
      <time
        dateTime={row.createdAt}
        title={formatFullDate(row.createdAt)}
        className="text-slate-600 tabular-nums"
      >
        {formatShortDate(row.createdAt)} {new Date(row.createdAt).getFullYear()}
      </time>
    ),
  },
  lastMessage: {
    id: 'lastMessage',
    label: 'Last message',
    width: '132px',
    sort: 'lastMessage',
    cell: (row, now) => <TimeCell value={row.lastMessageAt} now={now} />,
  },
  messageCount: {
    id: 'messageCount',
    label: 'Messages',
    width: '96px',
    align: 'right',
    cell: (row) => <span className="text-slate-700 tabular-nums">{row.messageCount.toLocaleString()}</span>,
  },
};

export const BUILT_IN_LABELS: Record<string, string> = Object.fromEntries(
  Object.values(BUILT_IN).map((c) => [c.id, c.label]),
);

function fieldColumn(field: ContactField): ColumnDef {
  return {
    id: `field:${field.key}`,
    label: field.label,
    width: '160px',
    align: field.type === 'number' ? 'right' : undefined,
    cell: (row) => {
      const value = row.fields[field.key];
      if (value === undefined || value === '') return muted;
      const text = field.type === 'date' ? formatDay(value) : value;
      return (
        <span className="block truncate text-slate-700" title={value}>
          {text}
        </span>
      );
    },
  };
}

/** The columns shown, in the user's order; a custom field's column goes when its field does. */
export function visibleColumns(
  chosen: readonly ContactTableColumn[],
  fields: readonly ContactField[],
): ColumnDef[] {
  const shown: ColumnDef[] = [NAME_COLUMN, PHONE_COLUMN];
  for (const id of chosen) {
    if (id.startsWith('field:')) {
      const field = fields.find((f) => `field:${f.key}` === id);
      if (field) shown.push(fieldColumn(field));
    } else if (BUILT_IN[id]) shown.push(BUILT_IN[id]);
  }
  return shown;
}
