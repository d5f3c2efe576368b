import type { ContactField } from '@common/api/contact-fields';
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Tooltip } from '../../../ui/Tooltip';
import { FIELD_TYPE_INFO } from './fieldTypes';

/** How many options a row lists before "+N more". */
const SHOWN_OPTIONS = 6;

function IconButton({
  label,
  tip,
  onPress,
  isDisabled,
  danger = false,
  children,
}: {
  label: string;
  tip: string;
  onPress: () => void;
  isDisabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip content={tip}>
      <AriaButton
        aria-label={label}
        onPress={onPress}
        isDisabled={isDisabled}
        className={`rounded-md p-1.5 text-slate-500 outline-none transition-colors focus-visible:ring-2 disabled:cursor-not-allowed disabled:opacity-40 ${
          danger
            ? 'hover:bg-red-50 hover:text-red-600 focus-visible:ring-red-500/40'
            : 'hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-ink-600/40'
        }`}
      >
        {children}
      </AriaButton>
    </Tooltip>
  );
}

type Props = {
  field: ContactField;
  /** Owners: the move, edit and delete buttons. */
  canManage: boolean;
  isFirst: boolean;
  isLast: boolean;
  onMove: (direction: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One field of Settings → Contact fields: type, label, key and a select's options; owners' actions. */
export function ContactFieldRow({ field, canManage, isFirst, isLast, onMove, onEdit, onDelete }: Props) {
  const type = FIELD_TYPE_INFO[field.type];
  const extra = field.options.length - SHOWN_OPTIONS;
  return (
    <li className="flex items-center gap-4 px-5 py-4" data-testid="contact-field-row">
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-50 text-slate-600 ring-1 ring-slate-200/80"
        aria-hidden="true"
      >
        {type.icon}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="truncate font-medium text-slate-900" data-testid="contact-field-label">
            {field.label}
          </p>
          <span className="rounded-md bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600">
            {type.label}
          </span>
        </div>
        <p className="mt-0.5 truncate font-mono text-xs text-slate-500" data-testid="contact-field-key">
          {field.key}
        </p>
        {field.type === 'select' && (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`${field.label} options`}>
            {field.options.slice(0, SHOWN_OPTIONS).map((option) => (
              <li
                key={option}
                className="rounded-full bg-white px-2 py-0.5 text-xs text-slate-700 ring-1 ring-slate-200 ring-inset"
              >
                {option}
              </li>
            ))}
            {extra > 0 && <li className="px-1 py-0.5 text-xs text-slate-500">+{extra} more</li>}
          </ul>
        )}
      </div>
      {canManage && (
        <div className="flex shrink-0 items-center gap-0.5">
          <IconButton
            label={`Move ${field.label} up`}
            tip="Move up"
            onPress={() => onMove(-1)}
            isDisabled={isFirst}
          >
            <ArrowUpIcon className="size-4" />
          </IconButton>
          <IconButton
            label={`Move ${field.label} down`}
            tip="Move down"
            onPress={() => onMove(1)}
            isDisabled={isLast}
          >
            <ArrowDownIcon className="size-4" />
          </IconButton>
          <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
          <IconButton label={`Edit ${field.label}`} tip="Edit" onPress={onEdit}>
            <PencilIcon className="size-4" />
          </IconButton>
          <IconButton label={`Delete ${field.label}`} tip="Delete" onPress={onDelete} danger>
            <Trash2Icon className="size-4" />
          </IconButton>
        </div>
      )}
    </li>
  );
}
