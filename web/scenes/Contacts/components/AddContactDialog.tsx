import { type ContactField, normalizeFieldValue } from '@common/api/contact-fields';
import { NEW_CONTACT_MSG } from '@common/api/new-contact';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { contactFieldsQuery } from '../../../api/contactFields';
import { tagsQuery } from '../../../api/inbox';
import { createContact, NewContactError, type NewContactField } from '../../../api/newContact';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { Dialog } from '../../../ui/Dialog';
import { FieldValueInput } from './FieldConditionEditor';

type AddContactDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The new contact (or, from a 409, the one that already has the number) is to be opened. */
  onOpenContact: (contactId: string) => void;
};

type Problem = { field: NewContactField; message: string; existingId: string | null };

function CustomFieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: ContactField;
  value: string;
  error: string | null;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <p className="mb-1.5 text-[13px] font-medium text-slate-700" id={`${id}-label`}>
        {field.label} <span className="font-normal text-slate-500">(optional)</span>
      </p>
      <FieldValueInput
        field={field}
        value={value}
        onChange={onChange}
        label={field.label}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "Add contact": name, phone (with its country code; the server normalises it), tags and custom
 * fields by type. A refusal shows at its field; a number already taken offers to open that contact.
 */
export function AddContactDialog({ isOpen, onClose, onOpenContact }: AddContactDialogProps) {
  const client = useQueryClient();
  const fields = useQuery({ ...contactFieldsQuery, enabled: isOpen }).data?.fields ?? [];
  const tags = useQuery({ ...tagsQuery, enabled: isOpen }).data ?? [];
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setName('');
    setPhone('');
    setTagIds([]);
    setValues({});
    setProblem(null);
  }, [isOpen]);

  const errorAt = (field: NewContactField) => (problem?.field === field ? problem.message : null);

  const submit = async () => {
    if (!phone.trim())
      return setProblem({ field: 'phone', message: NEW_CONTACT_MSG.phoneRequired, existingId: null });
    const filled: Record<string, string> = {};
    for (const field of fields) {
      const raw = values[field.key]?.trim() ?? '';
      if (!raw) continue;
      const checked = normalizeFieldValue(field, raw);
      if (!checked.ok)
        return setProblem({ field: `field:${field.key}`, message: checked.message, existingId: null });
      filled[field.key] = checked.value;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { contactId } = await createContact(
        client,
        { name: name.trim(), phone: phone.trim(), tagIds, fields: filled },
        fields,
      );
      onClose();
      onOpenContact(contactId);
    } catch (error) {
      if (error instanceof NewContactError)
        setProblem({ field: error.field, message: error.message, existingId: error.existingContactId });
      else
        setProblem({
          field: null,
          message: 'The contact could not be added. Check your connection and try again.',
          existingId: null,
        });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Add contact"
      description="A new contact can be written to with an approved template until they reply."
      widthClass="max-w-lg"
      isDismissable={!busy}
      testId="add-contact-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <TextField
          label="Name"
          optional
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errorAt('name')}
          maxLength={200}
          autoFocus
        />
        <div>
          <TextField
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+1 650 555 0100"
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              if (problem?.field === 'phone') setProblem(null);
            }}
            error={errorAt('phone')}
            hint="With its country code. Without one, your WhatsApp number's country is assumed."
            maxLength={40}
          />
          {problem?.existingId && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => {
                onClose();
                onOpenContact(problem.existingId!);
              }}
            >
              Open existing contact
            </Button>
          )}
        </div>
        {tags.length > 0 && (
          <fieldset>
            <legend className="mb-1.5 text-[13px] font-medium text-slate-700">
              Tags <span className="font-normal text-slate-500">(optional)</span>
            </legend>
            <div className="flex flex-wrap gap-1.5">
              {tags.map((tag) => {
                const on = tagIds.includes(tag.id);
                return (
                  <label
                    key={tag.id}
                    className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${on ? 'bg-brand-50 text-brand-900 ring-brand-300' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'}`}
                  >
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={on}
                      onChange={() =>
                        setTagIds(on ? tagIds.filter((id) => id !== tag.id) : [...tagIds, tag.id])
                      }
                    />
                    {tag.name}
                  </label>
                );
              })}
            </div>
            {errorAt('tags') && <p className="mt-1.5 text-xs text-red-600">{errorAt('tags')}</p>}
          </fieldset>
        )}
        {fields.length > 0 && (
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map((field) => (
              <CustomFieldInput
                key={field.id}
                field={field}
                value={values[field.key] ?? ''}
                error={errorAt(`field:${field.key}`)}
                onChange={(v) => {
                  setValues((current) => ({ ...current, [field.key]: v }));
                  if (problem?.field === `field:${field.key}`) setProblem(null);
                }}
              />
            ))}
          </div>
        )}
        {problem && problem.field === null && <Alert>{problem.message}</Alert>}
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={busy} loadingText="Adding…">
            Add contact
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
