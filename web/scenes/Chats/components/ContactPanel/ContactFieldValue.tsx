import type { ContactField, ContactFieldValues } from '@common/api/contact-fields';
import { useQueryClient } from '@tanstack/react-query';
import { CheckIcon, ExternalLinkIcon, MailIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../../api/client';
import { saveContactFieldValues } from '../../../../api/contactFields';
import { Spinner } from '../../../../components/Spinner';

type Status = 'idle' | 'saving' | 'saved' | 'failed';

type Props = {
  contactId: string;
  field: ContactField;
  /** The stored value ('' when there is none). */
  value: string;
  onSaved?: (values: ContactFieldValues) => void;
};

const CONTROL =
  'block w-full min-w-0 rounded-md border bg-transparent px-2 py-1 text-sm text-slate-900 transition-colors placeholder:text-slate-400 hover:border-slate-200 hover:bg-white focus:bg-white focus:ring-2 focus:outline-none';

function controlClasses(invalid: boolean): string {
  return `${CONTROL} ${
    invalid
      ? 'border-red-300 focus:border-red-400 focus:ring-red-500/20'
      : 'border-transparent focus:border-brand-500 focus:ring-brand-500/20'
  }`;
}

const INPUT_TYPE: Record<Exclude<ContactField['type'], 'select'>, { type: string; inputMode?: 'decimal' }> = {
  text: { type: 'text' },
  // Text, so a value the browser cannot read as a number reaches the server's message, not ''.
  number: { type: 'text', inputMode: 'decimal' },
  date: { type: 'date' },
  url: { type: 'url' },
  email: { type: 'email' },
};

const PLACEHOLDER: Record<ContactField['type'], string> = {
  text: 'Add text',
  number: 'Add a number',
  date: '',
  select: '',
  url: 'https://',
  email: 'name@company.com',
};

/** A link beside a URL or e-mail value, to open it. */
function OpenLink({ field, value }: { field: ContactField; value: string }) {
  if (!value) return null;
  const href =
    field.type === 'url' && /^https?:\/\//i.test(value)
      ? value
      : field.type === 'email'
        ? `mailto:${value}`
        : null;
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={field.type === 'url' ? `Open ${field.label}` : `E-mail ${value}`}
      className="shrink-0 rounded-md p-1 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800"
    >
      {field.type === 'url' ? <ExternalLinkIcon className="size-3.5" /> : <MailIcon className="size-3.5" />}
    </a>
  );
}

/**
 * One custom field of a contact, edited in place: text-like inputs save on Enter or when they lose
 * focus (Escape puts the stored value back), a select saves on change, an empty value clears it. The
 * server's 400 shows under the field and the typed text stays, to fix.
 */
export function ContactFieldValue({ contactId, field, value, onSaved }: Props) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(value);
  const [base, setBase] = useState(value);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState<string | null>(null);
  const focused = useRef(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  // The value given last: when it changes (a teammate's save, or this one reaching the cache), it is
  // the stored value, shown unless this field is being edited. A cache that is not updated leaves the
  // value this field saved on screen.
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    setBase(value);
    if (!focused.current || draft === base) {
      setDraft(value);
      setError(null);
    }
  }

  // The value being saved, and the one picked meanwhile (a select moved by the arrow keys): saved
  // one after the other, the last one winning.
  const inFlight = useRef(false);
  const queued = useRef<string | null>(null);
  const stored = useRef(base);
  stored.current = base;

  const save = async (next: string) => {
    const text = next.trim();
    if (inFlight.current) {
      queued.current = text;
      return;
    }
    if (text === stored.current) {
      setError(null);
      if (status === 'failed') setStatus('idle');
      return;
    }
    inFlight.current = true;
    setStatus('saving');
    setError(null);
    try {
      const values = await saveContactFieldValues(client, contactId, {
        [field.key]: text === '' ? null : text,
      });
      const saved = values[field.key] ?? '';
      stored.current = saved;
      setBase(saved);
      if (queued.current === null) setDraft(saved);
      onSaved?.(values);
      setStatus('saved');
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setStatus((s) => (s === 'saved' ? 'idle' : s)), 2_000);
    } catch (failure) {
      setStatus('failed');
      setError(errorMessage(failure, `${field.label} could not be saved. Please try again.`));
    } finally {
      inFlight.current = false;
      const again = queued.current;
      queued.current = null;
      if (again !== null) void save(again);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save(draft);
    } else if (event.key === 'Escape' && (draft !== base || error)) {
      // Handled here: the panel closes on Escape only when there is nothing to put back.
      event.preventDefault();
      setDraft(base);
      setError(null);
      setStatus('idle');
    }
  };

  const invalid = error !== null;
  const describedBy = invalid ? `${id}-error` : undefined;
  const common = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'data-testid': `contact-field-input-${field.key}`,
    className: controlClasses(invalid),
    onFocus: () => {
      focused.current = true;
    },
  };

  return (
    <div
      className="grid grid-cols-[7.5rem_minmax(0,1fr)] items-start gap-x-3 py-1"
      data-testid="contact-field-value"
    >
      <label htmlFor={id} className="truncate pt-1.5 text-sm text-slate-600" title={field.label}>
        {field.label}
      </label>
      <div className="min-w-0">
        <div className="flex items-center gap-1">
          {field.type === 'select' ? (
            <select
              {...common}
              value={draft}
              onBlur={() => {
                focused.current = false;
              }}
              onChange={(event) => {
                setDraft(event.target.value);
                void save(event.target.value);
              }}
            >
              <option value="">Not set</option>
              {field.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
              {base && !field.options.includes(base) && (
                <option value={base}>{base} (no longer an option)</option>
              )}
            </select>
          ) : (
            <input
              {...common}
              {...INPUT_TYPE[field.type]}
              value={draft}
              placeholder={PLACEHOLDER[field.type]}
              readOnly={status === 'saving'}
              maxLength={1000}
              spellCheck={field.type === 'text'}
              onChange={(event) => {
                setDraft(event.target.value);
                if (status === 'saved') setStatus('idle');
              }}
              onBlur={() => {
                focused.current = false;
                void save(draft);
              }}
              onKeyDown={onKeyDown}
            />
          )}
          <span className="flex w-5 shrink-0 justify-center" aria-live="polite">
            {status === 'saving' ? (
              <Spinner className="size-3.5 text-slate-400" label={`Saving ${field.label}`} />
            ) : status === 'saved' ? (
              <>
                <CheckIcon className="size-3.5 text-brand-700" aria-hidden="true" />
                <span className="sr-only">{field.label} saved</span>
              </>
            ) : (
              <OpenLink field={field} value={base} />
            )}
          </span>
        </div>
        {error && (
          <p
            id={`${id}-error`}
            role="alert"
            className="mt-1 px-2 text-xs leading-5 text-red-600"
            data-testid="contact-field-error"
          >
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
