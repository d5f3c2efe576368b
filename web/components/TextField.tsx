import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  /** Shown under the input; replaced by `error` when there is one. */
  hint?: ReactNode;
  error?: string | null;
  /** Rendered on the right of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  optional?: boolean;
  /** Outline the input in red without a message under it (the form shows the message elsewhere). */
  invalid?: boolean;
};

const INPUT_BASE =
  'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-xs ring-1 ring-inset placeholder:text-slate-400 transition-shadow focus:ring-2 focus:ring-inset disabled:bg-slate-50 disabled:text-slate-500';

/** Input styling shared by every text-like field; `invalid` outlines it in red. */
export function inputClasses(invalid = false): string {
  return `${INPUT_BASE} ${invalid ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-ink-600'}`;
}

export function TextField({
  label,
  hint,
  error,
  labelAside,
  optional,
  invalid = false,
  className = '',
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const describedBy = error || hint ? `${id}-desc` : undefined;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-[13px] font-medium text-slate-700">
          {label}
          {optional && <span className="ml-1 font-normal text-slate-400">(optional)</span>}
        </label>
        {labelAside}
      </div>
      <input
        id={id}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses(Boolean(error) || invalid)}
        {...inputProps}
      />
      {(error || hint) && (
        <p id={describedBy} className={`mt-1.5 text-xs ${error ? 'text-red-600' : 'text-slate-500'}`}>
          {error || hint}
        </p>
      )}
    </div>
  );
}

/** The sign-in, sign-up and reset forms' e-mail field: `onValue` gets the text as typed. */
export function EmailField({
  value,
  onValue,
  autoFocus,
}: {
  value: string;
  onValue: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Email address"
      name="email"
      type="email"
      autoComplete="email"
      placeholder="you@company.com"
      value={value}
      onChange={(event) => onValue(event.target.value)}
      autoFocus={autoFocus}
    />
  );
}
