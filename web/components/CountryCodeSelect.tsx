import { ChevronDownIcon, SearchIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Autocomplete, Button, Input, ListBox, ListBoxItem, Select, TextField } from 'react-aria-components';
import { Popover } from '../ui/Popover';
import { COUNTRIES, type Country, searchCountries } from './countries';

type CountryCodeSelectProps = {
  value: Country | null;
  onChange: (country: Country) => void;
  disabled?: boolean;
  countries?: readonly Country[];
};

/**
 * The dial-code picker next to a phone input, on React Aria: a button that opens a search box over the
 * list of countries. Search by name, two-letter code or dial code (best matches first); the first match
 * is highlighted as you type, arrows move, Enter or a click picks, Escape closes, and focus goes back
 * to the button.
 */
export function CountryCodeSelect({
  value,
  onChange,
  disabled,
  countries = COUNTRIES,
}: CountryCodeSelectProps) {
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchCountries(query, countries), [query, countries]);

  return (
    <Select
      aria-label="Country code"
      selectedKey={value?.code ?? null}
      onSelectionChange={(key) => {
        const country = countries.find((c) => c.code === key);
        if (country) onChange(country);
      }}
      onOpenChange={(isOpen) => {
        if (isOpen) setQuery('');
      }}
      isDisabled={disabled}
      className="flex"
    >
      {({ isOpen }) => (
        <>
          <Button
            aria-label={value ? `Country code: ${value.name} ${value.dialCode}` : 'Select a country code'}
            data-testid="country-code-trigger"
            className="flex min-w-[104px] items-center gap-2 rounded-l-lg bg-slate-50 py-2.5 pr-2.5 pl-3 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset transition-colors outline-none hover:bg-slate-100 focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-ink-600 disabled:opacity-60"
          >
            {value ? (
              <>
                <span className="text-base leading-none">{value.flag}</span>
                <span className="font-medium tabular-nums">{value.dialCode}</span>
              </>
            ) : (
              <span className="text-slate-500">Code</span>
            )}
            <ChevronDownIcon
              className={`ml-auto size-4 text-slate-400 transition-transform ${isOpen ? 'rotate-180' : ''}`}
            />
          </Button>
          <Popover placement="bottom-start" className="w-80 max-w-[calc(100vw-2rem)]">
            <Autocomplete inputValue={query} onInputChange={setQuery}>
              <TextField
                aria-label="Search countries"
                autoFocus
                className="relative shrink-0 border-b border-slate-100"
              >
                <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
                {/* The list below is always shown while the box is: a combobox, expanded. */}
                <Input
                  role="combobox"
                  aria-expanded="true"
                  placeholder="Search country, code or +dial"
                  className="w-full border-0 bg-transparent py-3 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:ring-0 focus:outline-none"
                />
              </TextField>
              <ListBox
                items={results}
                aria-label="Countries"
                className="max-h-72 min-h-0 overflow-y-auto py-1.5 outline-none"
                renderEmptyState={() => (
                  <p className="px-4 py-6 text-center text-sm text-slate-500">No countries found</p>
                )}
              >
                {(country) => (
                  <ListBoxItem
                    id={country.code}
                    textValue={country.name}
                    data-code={country.code}
                    className="group mx-1.5 flex cursor-pointer items-center gap-3 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none data-[focused]:bg-ink-50 data-[focused]:text-slate-900 data-[hovered]:bg-ink-50"
                  >
                    <span className="text-base leading-none">{country.flag}</span>
                    <span className="min-w-0 flex-1 truncate">{country.name}</span>
                    <span className="text-xs font-medium text-slate-400">{country.code}</span>
                    <span className="w-14 text-right text-slate-500 tabular-nums group-data-[selected]:font-semibold group-data-[selected]:text-ink-800">
                      {country.dialCode}
                    </span>
                  </ListBoxItem>
                )}
              </ListBox>
            </Autocomplete>
          </Popover>
        </>
      )}
    </Select>
  );
}
