import { charCount, INTERACTIVE_LIMITS } from '@common/api/interactive';
import { type ReactNode, useId, useMemo, useState } from 'react';
import type { ZodType } from 'zod';
import { inputClasses } from '../../../../components/TextField';

/**
 * The pieces the composer's message dialogs share: a field with its character count and the
 * contract's error under it, and the check that runs the contract's schema on every keystroke.
 */

/** 'buttons.1.title' for a zod issue path. */
function pathKey(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

export type Checks = {
  valid: boolean;
  /** The contract's words for the field at `path` (the first issue there), once it was touched. */
  errorAt: (path: string) => string | null;
  /** Issues not tied to one field (more than 10 rows in all…), shown above Send. */
  formErrors: string[];
  touch: (path: string) => void;
  /** Shows every error (after an attempt to send an invalid form). */
  touchAll: () => void;
};

/**
 * Runs `schema` on the draft as it changes. A field's error shows once the agent typed in it (or
 * tried to send), so an empty form does not open with a wall of red; Send stays off until it passes.
 */
export function useChecks(schema: ZodType, draft: unknown, formPaths: readonly string[] = []): Checks {
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [all, setAll] = useState(false);
  const result = useMemo(() => schema.safeParse(draft), [schema, draft]);
  const issues = useMemo(() => {
    const map = new Map<string, string>();
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = pathKey(issue.path);
        if (!map.has(key)) map.set(key, issue.message);
      }
    }
    return map;
  }, [result]);
  const visible = (key: string) => all || touched.has(key);
  return {
    valid: result.success,
    errorAt: (path) => (visible(path) ? (issues.get(path) ?? null) : null),
    formErrors: [...issues.entries()]
      .filter(([key]) => (formPaths.includes(key) || key === '') && (all || touched.size > 0))
      .map(([, message]) => message),
    touch: (path) =>
      setTouched((prev) => {
        if (prev.has(path)) return prev;
        const next = new Set(prev);
        next.add(path);
        return next;
      }),
    touchAll: () => setAll(true),
  };
}

type CountedFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The contract's limit: the count turns red past it. */
  max?: number;
  error?: string | null;
  optional?: boolean;
  multiline?: boolean;
  placeholder?: string;
  type?: 'text' | 'url' | 'tel' | 'email';
  inputMode?: 'decimal' | 'text' | 'tel' | 'url' | 'email';
  /** Extra controls on the right of the input (remove, move). */
  aside?: ReactNode;
  testId?: string;
};

/** A labelled input or text area with `n/max` under it and, when there is one, the error in red. */
export function CountedField({
  label,
  value,
  onChange,
  max,
  error,
  optional,
  multiline,
  placeholder,
  type = 'text',
  inputMode,
  aside,
  testId,
}: CountedFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const count = charCount(value);
  const over = max !== undefined && count > max;
  const common = {
    id,
    value,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': noteId,
    'data-testid': testId,
    className: inputClasses(Boolean(error)),
  } as const;
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
          {optional && <span className="ml-1 font-normal text-slate-600">(optional)</span>}
        </label>
      </div>
      <div className="flex items-start gap-1.5">
        {multiline ? (
          <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input
            {...common}
            type={type}
            inputMode={inputMode}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        {aside}
      </div>
      <div id={noteId} className="mt-1 flex justify-between gap-2 text-xs" aria-live="polite">
        <span className="text-red-700">{error ?? ''}</span>
        {max !== undefined && (
          <span className={`shrink-0 tabular-nums ${over ? 'font-medium text-red-700' : 'text-slate-600'}`}>
            {count}/{max}
          </span>
        )}
      </div>
    </div>
  );
}

type MessageText = { header?: string; body: string; footer?: string };

/**
 * The header, message and footer every interactive dialog starts with (the header and footer are
 * optional, at most 60 characters; the message's limit is the type's).
 */
export function MessageTextFields({
  draft,
  set,
  checks,
  bodyMax,
  withHeader = true,
}: {
  draft: MessageText;
  set: (patch: Partial<MessageText>, path: string) => void;
  checks: Checks;
  bodyMax: number;
  /** Off when the dialog draws its own header choice (reply buttons: text or a file). */
  withHeader?: boolean;
}) {
  return (
    <>
      {withHeader && (
        <CountedField
          label="Header"
          optional
          value={draft.header ?? ''}
          onChange={(header) => set({ header }, 'header')}
          max={INTERACTIVE_LIMITS.header}
          error={checks.errorAt('header')}
        />
      )}
      <CountedField
        label="Message"
        multiline
        value={draft.body}
        onChange={(body) => set({ body }, 'body')}
        max={bodyMax}
        error={checks.errorAt('body')}
      />
      <CountedField
        label="Footer"
        optional
        value={draft.footer ?? ''}
        onChange={(footer) => set({ footer }, 'footer')}
        max={INTERACTIVE_LIMITS.footer}
        error={checks.errorAt('footer')}
      />
    </>
  );
}
