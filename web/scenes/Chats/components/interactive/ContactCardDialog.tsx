import { type ContactsInput, contactsSchema, INTERACTIVE_LIMITS as L } from '@common/api/interactive';
import { PlusIcon, Trash2Icon, UserRoundIcon } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { PhonePreview } from '../../../../components/InteractivePreview';
import { inputClasses } from '../../../../components/TextField';
import { useJumpResults } from '../../shortcuts/useJumpResults';
import { ContactsBody } from '../content/RichBodies';
import { ComposeDialog, type ComposeDialogBaseProps } from './ComposeDialog';
import { CountedField, useChecks } from './fields';
import { addButtonClass, removeButtonClass } from './ReplyButtonsDialog';
import { useSendAndClose } from './useSendAndClose';

type Phone = { phone: string; type?: string; waId?: string };
type Draft = { name: string; company: string; phones: Phone[] };
const EMPTY: Draft = { name: '', company: '', phones: [{ phone: '' }] };

function toInput(draft: Draft): ContactsInput {
  return {
    cards: [
      {
        name: draft.name,
        phones: draft.phones,
        ...(draft.company.trim() ? { org: { company: draft.company } } : {}),
      },
    ],
  };
}

/** Our contacts matching what is typed (the chat list's own search); a pick fills the card. */
function ContactSearch({ onPick }: { onPick: (draft: Draft) => void }) {
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q.trim());
  const { results } = useJumpResults(deferred);
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        Find in your contacts
      </label>
      <input
        id={id}
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        placeholder="Name or number"
        className={inputClasses()}
      />
      {deferred !== '' && (
        <ul
          aria-label="Matching contacts"
          className="mt-1.5 max-h-40 overflow-y-auto rounded-lg ring-1 ring-slate-200"
        >
          {results.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">No contacts found</li>}
          {results.map(({ contact }) => (
            <li key={contact.id}>
              <button
                type="button"
                onClick={() => {
                  onPick({
                    name: contact.name || contact.phone,
                    company: '',
                    phones: [{ phone: contact.phone, type: 'CELL', waId: contact.waId }],
                  });
                  setQ('');
                }}
                className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100"
              >
                <UserRoundIcon className="size-4 text-slate-500" aria-hidden />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">
                  {contact.name || 'Unknown'}
                </span>
                <span className="text-slate-600 tabular-nums">{contact.phone}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Props = ComposeDialogBaseProps & { onSend: (input: ContactsInput) => Promise<unknown> };

/** A contact card: one of our contacts, or a name and number(s) typed in. */
export function ContactCardDialog({ onSend, ...base }: Props) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const input = toInput(draft);
  const checks = useChecks(contactsSchema, input, ['cards.0.phones']);
  const { sending, send } = useSendAndClose(
    base.onClose,
    () => onSend(input),
    () => setDraft(EMPTY),
  );
  const set = (patch: Partial<Draft>, path: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    checks.touch(path);
  };
  const setPhone = (index: number, phone: string) => {
    // A typed number is not the picked contact's WhatsApp id any more.
    setDraft((d) => ({ ...d, phones: d.phones.map((p, i) => (i === index ? { phone, type: p.type } : p)) }));
    checks.touch(`cards.0.phones.${index}.phone`);
  };
  return (
    <ComposeDialog
      {...base}
      title="Contact card"
      description="Share a contact the customer can save or message from their phone."
      testId="contact-card-dialog"
      valid={checks.valid}
      sending={sending}
      formErrors={checks.formErrors}
      sendLabel="Send contact"
      onSend={() => void send()}
      onInvalid={checks.touchAll}
      preview={
        <PhonePreview>
          <ContactsBody
            content={{
              kind: 'contacts',
              cards: [
                {
                  formattedName: draft.name.trim() || 'Contact name',
                  firstName: null,
                  lastName: null,
                  phones: draft.phones
                    .filter((p) => p.phone.trim())
                    .map((p) => ({ phone: p.phone, waId: p.waId ?? null, type: p.type ?? null })),
                  emails: [],
                  org: draft.company.trim()
                    ? { company: draft.company, department: null, title: null }
                    : null,
                  urls: [],
                  addresses: [],
                  birthday: null,
                },
              ],
            }}
          />
        </PhonePreview>
      }
    >
      <ContactSearch
        onPick={(picked) => {
          setDraft(picked);
          checks.touch('cards.0.name');
        }}
      />
      <CountedField
        label="Name"
        value={draft.name}
        onChange={(name) => set({ name }, 'cards.0.name')}
        max={L.contactName}
        error={checks.errorAt('cards.0.name')}
      />
      <CountedField
        label="Company"
        optional
        value={draft.company}
        onChange={(company) => set({ company }, 'cards.0.org.company')}
        error={checks.errorAt('cards.0.org.company')}
      />
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Phone numbers</legend>
        {draft.phones.map((phone, index) => (
          <CountedField
            // biome-ignore lint/suspicious/noArrayIndexKey: typed numbers have no id
            key={index}
            label={`Phone ${index + 1}`}
            type="tel"
            inputMode="tel"
            value={phone.phone}
            onChange={(value) => setPhone(index, value)}
            error={checks.errorAt(`cards.0.phones.${index}.phone`)}
            placeholder="+1 555 123 4567"
            aside={
              <button
                type="button"
                aria-label={`Remove phone ${index + 1}`}
                disabled={draft.phones.length === 1}
                onClick={() => set({ phones: draft.phones.filter((_, i) => i !== index) }, 'cards.0.phones')}
                className={removeButtonClass}
              >
                <Trash2Icon className="size-4" aria-hidden />
              </button>
            }
          />
        ))}
        <button
          type="button"
          disabled={draft.phones.length >= L.contactPhones}
          onClick={() => set({ phones: [...draft.phones, { phone: '' }] }, 'cards.0.phones')}
          className={addButtonClass}
        >
          <PlusIcon className="size-4" aria-hidden /> Add number
        </button>
      </fieldset>
    </ComposeDialog>
  );
}
