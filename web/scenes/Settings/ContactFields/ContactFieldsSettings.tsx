import type { ContactField, ContactFieldListResponse } from '@common/api/contact-fields';
import { MAX_CONTACT_FIELDS } from '@common/api/contact-fields';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PlusIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import {
  CONTACT_FIELDS_KEY,
  contactFieldsQuery,
  refreshContactFields,
  updateContactField,
} from '../../../api/contactFields';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { ContactFieldDialog } from './ContactFieldDialog';
import { ContactFieldRow } from './ContactFieldRow';
import { DeleteContactFieldDialog } from './DeleteContactFieldDialog';
import { moveField } from './reorder';

/**
 * Settings → Contact fields (issue 14): the team's custom fields in their order. Owners add, edit
 * (label, a select's options), reorder and delete them; members see the list read-only, like saved
 * messages, and fill the fields in from the contact panel. A teammate's change arrives live.
 */
export function ContactFieldsSettings() {
  const client = useQueryClient();
  const query = useQuery(contactFieldsQuery);
  const [dialog, setDialog] = useState<{ editing: ContactField | null } | null>(null);
  const [deleting, setDeleting] = useState<ContactField | null>(null);
  const moving = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const canManage = query.data?.abilities.manage ?? false;
  const fields = query.data?.fields ?? [];
  const isFull = fields.length >= MAX_CONTACT_FIELDS;

  /** Keeps the keyboard on the moved field's button (or its other move button at an end). */
  const refocus = (field: ContactField, direction: -1 | 1) => {
    requestAnimationFrame(() => {
      const word = direction < 0 ? 'up' : 'down';
      const other = direction < 0 ? 'down' : 'up';
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[aria-label]') ?? [];
      const find = (w: string) =>
        [...buttons].find((b) => b.getAttribute('aria-label') === `Move ${field.label} ${w}`);
      const target = find(word);
      (target && !target.disabled ? target : find(other))?.focus();
    });
  };

  const move = async (field: ContactField, direction: -1 | 1) => {
    const result = moveField(fields, field.id, direction);
    if (!result || moving.current) return;
    setProblem(null);
    moving.current = true;
    const before = query.data;
    client.setQueryData<ContactFieldListResponse>(CONTACT_FIELDS_KEY, (data) =>
      data ? { ...data, fields: result.order } : data,
    );
    refocus(field, direction);
    try {
      await Promise.all(result.changes.map((c) => updateContactField(c.id, { position: c.position })));
    } catch (error) {
      if (before) client.setQueryData(CONTACT_FIELDS_KEY, before);
      setProblem(errorMessage(error, 'The new order could not be saved. Please try again.'));
    } finally {
      moving.current = false;
      void refreshContactFields(client);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Contact fields</h2>
          <p className="text-sm text-slate-500">
            Your own fields on every contact, filled in from the contact panel beside each chat.
          </p>
        </div>
        {canManage && (
          <Button
            variant="brand"
            icon={<PlusIcon className="size-4" />}
            onClick={() => setDialog({ editing: null })}
            disabled={isFull}
            title={isFull ? `An account has at most ${MAX_CONTACT_FIELDS} custom fields` : undefined}
          >
            Add field
          </Button>
        )}
      </div>
      {query.data && !canManage && (
        <Alert tone="info" testId="contact-fields-read-only">
          Only team owners can add, change or delete contact fields. You can fill them in on any contact.
        </Alert>
      )}
      {problem && <Alert testId="contact-fields-problem">{problem}</Alert>}

      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading contact fields" />
        </div>
      ) : query.isError ? (
        <Alert>{errorMessage(query.error, 'Failed to load contact fields')}</Alert>
      ) : fields.length === 0 ? (
        <div className="rounded-2xl bg-white ring-1 ring-slate-200">
          <EmptyState
            icon={<SlidersHorizontalIcon className="size-7" />}
            title="No contact fields yet"
            description={
              canManage
                ? 'Add fields like a customer tier, a birthday or an order number, and your team fills them in on each contact.'
                : 'When a team owner adds fields, you will fill them in on each contact.'
            }
            action={
              canManage && (
                <Button
                  variant="secondary"
                  icon={<PlusIcon className="size-4" />}
                  onClick={() => setDialog({ editing: null })}
                >
                  Add your first field
                </Button>
              )
            }
          />
        </div>
      ) : (
        <>
          <ul
            ref={listRef}
            aria-label="Contact fields"
            className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200"
          >
            {fields.map((field, index) => (
              <ContactFieldRow
                key={field.id}
                field={field}
                canManage={canManage}
                isFirst={index === 0}
                isLast={index === fields.length - 1}
                onMove={(direction) => void move(field, direction)}
                onEdit={() => {
                  setProblem(null);
                  setDialog({ editing: field });
                }}
                onDelete={() => {
                  setProblem(null);
                  setDeleting(field);
                }}
              />
            ))}
          </ul>
          <p className="px-1 text-xs text-slate-500">
            {fields.length} of {MAX_CONTACT_FIELDS} fields · shown in this order in the contact panel
          </p>
        </>
      )}

      <ContactFieldDialog
        isOpen={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
      <DeleteContactFieldDialog field={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
