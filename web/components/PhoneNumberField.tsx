import { useId } from 'react';
import { CountryCodeSelect } from './CountryCodeSelect';
import { type Country, stripDialCode } from './countries';
import { inputClasses } from './TextField';

export type PhoneValue = { phoneNumber: string; country: Country | null };

type PhoneNumberFieldProps = {
  label: string;
  value: PhoneValue;
  onChange: (value: PhoneValue, cause: 'typed' | 'country') => void;
  hasError?: boolean;
  hint?: string;
};

/**
 * A phone input with a dial-code picker. Typing a number that starts with + clears the country
 * (the number carries its own code); picking a country strips a dial code already typed.
 */
export function PhoneNumberField({ label, value, onChange, hasError = false, hint }: PhoneNumberFieldProps) {
  const id = useId();

  const handleTyped = (phoneNumber: string) => {
    const country = phoneNumber.trimStart().startsWith('+') ? null : value.country;
    onChange({ phoneNumber, country }, 'typed');
  };

  const handleCountry = (country: Country) => {
    onChange({ phoneNumber: stripDialCode(value.phoneNumber, country.dialCode), country }, 'country');
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-[13px] font-medium text-slate-700">
        {label}
      </label>
      <div className="flex rounded-lg shadow-xs">
        <CountryCodeSelect value={value.country} onChange={handleCountry} />
        <input
          id={id}
          name="phoneNumber"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          placeholder={value.country ? '151 23456789' : '+1 123 456 7890'}
          value={value.phoneNumber}
          onChange={(event) => handleTyped(event.target.value)}
          aria-invalid={hasError || undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={`${inputClasses(hasError)} -ml-px rounded-l-none shadow-none`}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
