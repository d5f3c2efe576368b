import {
  CONTACT_TABLE_COLUMNS,
  type ContactTableColumn,
  DEFAULT_CONTACT_TABLE_COLUMNS,
} from '@common/api/contact-table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Columns3Icon } from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading } from 'react-aria-components';
import { errorMessage } from '../../../api/client';
import { contactFieldsQuery } from '../../../api/contactFields';
import { columnsQuery, contactTableKeys, saveColumns } from '../../../api/contactTable';
import { Popover } from '../../../ui/Popover';
import { showToast } from '../../../ui/Toast';
import { BUILT_IN_LABELS } from './columns';

function Option({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-[13px] text-slate-700 hover:bg-slate-50">
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        className="size-4 rounded accent-brand-600"
      />
      <span className="min-w-0 flex-1 truncate">{label}</span>
    </label>
  );
}

/**
 * "Columns": which columns the table shows besides name and phone, custom fields included. The
 * choice shows at once and is remembered on the server for this user.
 */
export function ColumnsMenu() {
  const client = useQueryClient();
  const saved = useQuery(columnsQuery).data ?? DEFAULT_CONTACT_TABLE_COLUMNS;
  const fields = useQuery(contactFieldsQuery).data?.fields ?? [];
  // The query cache tells its observers a tick later, and a controlled checkbox whose state does
  // not change within its own click event is put back by React; the choice just made is held here
  // so the box shows it at once.
  const [picked, setPicked] = useState<ContactTableColumn[] | null>(null);
  const columns = picked ?? saved;

  const toggle = (id: ContactTableColumn) => {
    const previous = saved;
    const next = columns.includes(id) ? columns.filter((c) => c !== id) : [...columns, id];
    setPicked(next);
    void client.cancelQueries({ queryKey: contactTableKeys.columns });
    client.setQueryData(contactTableKeys.columns, next);
    // Once saved, the cache (already `next`) is the truth again.
    saveColumns(next).then(
      () => setPicked(null),
      (error: unknown) => {
        setPicked(null);
        client.setQueryData(contactTableKeys.columns, previous);
        showToast(errorMessage(error, 'Your columns could not be saved. Try again.'), 'error');
      },
    );
  };

  return (
    <DialogTrigger>
      <Button className="flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-3 text-[13px] font-medium text-slate-700 ring-1 ring-slate-200 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500/50">
        <Columns3Icon aria-hidden="true" className="size-4 text-slate-500" />
        Columns
      </Button>
      <Popover placement="bottom-end" className="w-64">
        <Dialog aria-label="Columns" className="flex max-h-[70vh] min-h-0 flex-col outline-none">
          <Heading slot="title" className="px-4 pt-3.5 pb-1 text-sm font-semibold text-slate-900">
            Columns
          </Heading>
          <p className="px-4 pb-2 text-xs text-slate-600">Name and phone are always shown.</p>
          <div className="min-h-0 overflow-y-auto px-2 pb-2">
            {CONTACT_TABLE_COLUMNS.map((id) => (
              <Option
                key={id}
                label={BUILT_IN_LABELS[id] ?? id}
                checked={columns.includes(id)}
                onChange={() => toggle(id)}
              />
            ))}
            {fields.length > 0 && (
              <p className="px-2 pt-3 pb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">
                Custom fields
              </p>
            )}
            {fields.map((field) => {
              const id = `field:${field.key}` as const;
              return (
                <Option
                  key={id}
                  label={field.label}
                  checked={columns.includes(id)}
                  onChange={() => toggle(id)}
                />
              );
            })}
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
