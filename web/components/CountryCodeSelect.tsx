import { ChevronDownIcon, SearchIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { COUNTRIES, type Country, searchCountries } from './countries';

type CountryCodeSelectProps = {
  value: Country | null;
  onChange: (country: Country) => void;
  disabled?: boolean;
  countries?: readonly Country[];
};

/**
 * The dial-code picker next to a phone input: a button that opens a searchable listbox.
 * Search by name, two-letter code or dial code; arrows move, Enter picks, Escape closes.
 */
export function CountryCodeSelect({
  value,
  onChange,
  disabled,
  countries = COUNTRIES,
}: CountryCodeSelectProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const results = useMemo(() => searchCountries(query, countries), [query, countries]);
  const activeCountry = results[activeIndex];

  const open = () => {
    if (disabled) return;
    setQuery('');
    const selectedIndex = value ? countries.findIndex((c) => c.code === value.code) : -1;
    setActiveIndex(Math.max(selectedIndex, 0));
    setIsOpen(true);
  };

  const close = (returnFocus = true) => {
    setIsOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const choose = (country: Country) => {
    onChange(country);
    close();
  };

  useEffect(() => {
    if (isOpen) searchRef.current?.focus();
  }, [isOpen]);

  // Keep the highlighted option visible while moving with the keyboard.
  useEffect(() => {
    if (!isOpen || !activeCountry) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-code="${activeCountry.code}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [isOpen, activeCountry]);

  useEffect(() => {
    if (!isOpen) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [isOpen]);

  const handleTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open();
    }
  };

  const handleSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActiveIndex((i) => Math.min(i + 1, results.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((i) => Math.max(i - 1, 0));
        break;
      case 'PageDown':
        event.preventDefault();
        setActiveIndex((i) => Math.min(i + 8, results.length - 1));
        break;
      case 'PageUp':
        event.preventDefault();
        setActiveIndex((i) => Math.max(i - 8, 0));
        break;
      case 'Enter':
        event.preventDefault();
        if (activeCountry) choose(activeCountry);
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={triggerRef}
        type="button"
        disabled={disabled}
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={handleTriggerKeyDown}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-label={value ? `Country code: ${value.name} ${value.dialCode}` : 'Select a country code'}
        data-testid="country-code-trigger"
        className="flex h-full min-w-[104px] items-center gap-2 rounded-l-lg bg-slate-50 py-2.5 pr-2.5 pl-3 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset transition-colors hover:bg-slate-100 focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-ink-600 focus-visible:outline-none disabled:opacity-60"
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
      </button>

      {isOpen && (
        <div className="absolute top-full left-0 z-30 mt-1.5 w-80 max-w-[calc(100vw-2rem)] animate-pop-in overflow-hidden rounded-xl bg-white shadow-pop ring-1 ring-slate-900/10">
          <div className="relative border-b border-slate-100">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
            <input
              ref={searchRef}
              type="text"
              role="combobox"
              aria-label="Search countries"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={activeCountry ? `${id}-${activeCountry.code}` : undefined}
              placeholder="Search country, code or +dial"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActiveIndex(0);
              }}
              onKeyDown={handleSearchKeyDown}
              className="w-full border-0 bg-transparent py-3 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:ring-0 focus:outline-none"
            />
          </div>
          <div
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label="Countries"
            className="max-h-72 overflow-y-auto py-1.5"
          >
            {results.length === 0 && (
              <p className="px-4 py-6 text-center text-sm text-slate-500">No countries found</p>
            )}
            {results.map((country, index) => {
              const isSelected = value?.code === country.code;
              const isActive = index === activeIndex;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is handled by the combobox input, as the ARIA listbox pattern prescribes.
                <div
                  key={country.code}
                  tabIndex={-1}
                  id={`${id}-${country.code}`}
                  data-code={country.code}
                  role="option"
                  aria-selected={isSelected}
                  onMouseMove={() => setActiveIndex(index)}
                  onClick={() => choose(country)}
                  className={`mx-1.5 flex cursor-pointer items-center gap-3 rounded-md px-2.5 py-2 text-sm ${
                    isActive ? 'bg-ink-50 text-slate-900' : 'text-slate-700'
                  }`}
                >
                  <span className="text-base leading-none">{country.flag}</span>
                  <span className="min-w-0 flex-1 truncate">{country.name}</span>
                  <span className="text-xs font-medium text-slate-400">{country.code}</span>
                  <span
                    className={`w-14 text-right tabular-nums ${isSelected ? 'font-semibold text-ink-800' : 'text-slate-500'}`}
                  >
                    {country.dialCode}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
