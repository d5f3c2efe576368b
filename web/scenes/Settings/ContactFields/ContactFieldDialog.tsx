import {
  CONTACT_FIELD_TYPES,
  type ContactField,
  type ContactFieldType,
  createContactFieldSchema,
  fieldKeyFromLabel,
  updateContactFieldSchema,
} from '@common/api/contact-fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiRequestError } from '../../../api/client';
import { createContactField, refreshContactFields, updateContactField } from '../../../api/contactFields';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { Dialog } from '../../../ui/Dialog';
import { FIELD_TYPE_INFO } from './fieldTypes';
import { SelectOptionsEditor } from './SelectOptionsEditor';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  /** The field to change; null defines a new one. */
  editing: ContactField | null;
};

type Problems = { label?: string; key?: string; options?: string; form?: string };

/** The form's first complaint per input, from the same schema the server checks with. */
function localProblems(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const problems: Problems = {};
  for (const issue of result.error?.issues ?? []) {
    const at = String(issue.path[0] ?? 'form') as keyof Problems;
    const slot = at === 'label' || at === 'key' || at === 'options' ? at : 'form';
    problems[slot] ??= issue.message;
  }
  return problems;
}

function serverProblems(error: unknown): Problems {
  if (!(error instanceof ApiRequestError) || !error.hasServerMessage)
    return { form: 'The field could not be saved. Please try again.' };
  if (error.code === 'field_key_taken') return { key: error.message };
  const at = error.field;
  if (at === 'label' || at === 'key' || at === 'options') return { [at]: error.message };
  return { form: error.message };
}

/**
 * Add or edit a custom contact field (owners). The key follows the label until it is edited by hand;
 * the key and the type are fixed once the field exists. Select fields edit their options here.
 */
export function ContactFieldDialog({ isOpen, onClose, editing }: Props) {
  const client = useQueryClient();
  const [label, setLabel] = useState('');
  const [key, setKey] = useState('');
  const [keyEdited, setKeyEdited] = useState(false);
  const [type, setType] = useState<ContactFieldType>('text');
  const [options, setOptions] = useState<string[]>(['']);
  const [problems, setProblems] = useState<Problems>({});

  useEffect(() => {
    if (!isOpen) return;
    setLabel(editing?.label ?? '');
    setKey(editing?.key ?? '');
    setKeyEdited(false);
    setType(editing?.type ?? 'text');
    setOptions(editing?.options.length ? editing.options : ['']);
    setProblems({});
  }, [isOpen, editing]);

  const cleanOptions = options.map((o) => o.trim()).filter((o) => o !== '');
  const body = editing
    ? { label, ...(editing.type === 'select' ? { options: cleanOptions } : {}) }
    : { label, key: key || undefined, type, ...(type === 'select' ? { options: cleanOptions } : {}) };

  const save = useMutation({
    mutationFn: () =>
      editing
        ? updateContactField(editing.id, updateContactFieldSchema.parse(body))
        : createContactField(createContactFieldSchema.parse(body)),
    onSuccess: async () => {
      await refreshContactFields(client);
      onClose();
    },
    onError: (error) => setProblems(serverProblems(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = (editing ? updateContactFieldSchema : createContactFieldSchema).safeParse(body);
    if (!checked.success) {
      setProblems(localProblems(checked));
      return;
    }
    setProblems({});
    save.mutate();
  };

  const onLabel = (value: string) => {
    setLabel(value);
    if (!editing && !keyEdited) setKey(fieldKeyFromLabel(value));
    if (problems.label) setProblems((p) => ({ ...p, label: undefined }));
  };

  const showsOptions = (editing?.type ?? type) === 'select';
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? 'Edit contact field' : 'Add contact field'}
      description={
        editing
          ? 'Rename the field or change its options. Its key and type stay as they are.'
          : 'A field every contact of your team can have, filled in from the contact panel.'
      }
      widthClass="max-w-xl"
      isDismissable={!save.isPending}
      testId="contact-field-dialog"
    >
      <form onSubmit={submit} className="space-y-5" noValidate>
        <TextField
          label="Label"
          value={label}
          maxLength={60}
          placeholder="e.g. Customer tier"
          autoFocus
          error={problems.label}
          onChange={(event) => onLabel(event.target.value)}
        />
        {editing ? (
          <div className="grid grid-cols-2 gap-4 rounded-lg bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200 ring-inset">
            <div>
              <p className="text-xs text-slate-500">Key</p>
              <p className="mt-0.5 font-mono text-[13px] text-slate-900">{editing.key}</p>
            </div>
            <div>
              <p className="text-xs text-slate-500">Type</p>
              <p className="mt-0.5 flex items-center gap-1.5 text-slate-900">
                <span className="text-slate-500">{FIELD_TYPE_INFO[editing.type].icon}</span>
                {FIELD_TYPE_INFO[editing.type].label}
              </p>
            </div>
          </div>
        ) : (
          <>
            <TextField
              label="Key"
              value={key}
              maxLength={40}
              spellCheck={false}
              className="[&_input]:font-mono"
              placeholder="customer_tier"
              error={problems.key}
              hint="Lowercase letters, digits and _. Used by imports, exports and template variables; it cannot change later."
              onChange={(event) => {
                setKey(event.target.value);
                setKeyEdited(event.target.value !== '');
                if (problems.key) setProblems((p) => ({ ...p, key: undefined }));
              }}
            />
            <fieldset>
              <legend className="mb-1.5 text-[13px] font-medium text-slate-700">Type</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {CONTACT_FIELD_TYPES.map((t) => (
                  <label
                    key={t}
                    className="flex cursor-pointer items-start gap-2.5 rounded-lg bg-white p-3 ring-1 ring-slate-200 transition-colors ring-inset hover:bg-slate-50 has-[:checked]:bg-brand-50/60 has-[:checked]:ring-2 has-[:checked]:ring-brand-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink-600"
                  >
                    <input
                      type="radio"
                      name="contact-field-type"
                      value={t}
                      checked={type === t}
                      onChange={() => setType(t)}
                      className="sr-only"
                    />
                    <span className="mt-0.5 text-slate-600">{FIELD_TYPE_INFO[t].icon}</span>
                    <span className="min-w-0">
                      <span className="block text-sm font-medium text-slate-900">
                        {FIELD_TYPE_INFO[t].label}
                      </span>
                      <span className="block text-xs text-slate-500">{FIELD_TYPE_INFO[t].hint}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </>
        )}
        {showsOptions && (
          <SelectOptionsEditor
            options={options}
            error={problems.options}
            onChange={(next) => {
              setOptions(next);
              if (problems.options) setProblems((p) => ({ ...p, options: undefined }));
            }}
          />
        )}
        {editing?.type === 'select' && (
          <p className="text-xs text-slate-500">
            Contacts keep a value you remove from the options until someone changes it.
          </p>
        )}
        {problems.form && <Alert testId="contact-field-error">{problems.form}</Alert>}
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="brand" isLoading={save.isPending} loadingText="Saving…">
            {editing ? 'Save changes' : 'Add field'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
