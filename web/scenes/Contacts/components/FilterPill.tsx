import { ChevronDownIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading } from 'react-aria-components';
import { Popover } from '../../../ui/Popover';

type FilterPillProps = {
  /** 'Tags', 'Assignee'… */
  name: string;
  icon: ReactNode;
  /** What is set ('VIP, Lead'); null while the filter is off. */
  value: string | null;
  /** Removes this filter (the × beside a set pill). */
  onClear: () => void;
  /** The editor in the popover; `close` shuts it. */
  children: (close: () => void) => ReactNode;
  panelClassName?: string;
  /** The trigger's and the panel's accessible name while unset (default 'Filter by <name>'). */
  label?: string;
};

/**
 * One filter of the toolbar: a pill that opens its editor in a popover, showing its value once set,
 * with an × that removes it (the chips of the filter).
 */
export function FilterPill({
  name,
  icon,
  value,
  onClear,
  children,
  panelClassName = 'w-72',
  label,
}: FilterPillProps) {
  const active = value !== null;
  const unsetLabel = label ?? `Filter by ${name.toLowerCase()}`;
  return (
    <div
      className={`flex h-8 shrink-0 items-center rounded-full text-[13px] ring-1 transition-colors ${
        active
          ? 'bg-brand-50 text-brand-900 ring-brand-200'
          : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'
      }`}
      data-testid={`filter-${name.toLowerCase().replace(/\s+/g, '-')}`}
      data-active={active || undefined}
    >
      <DialogTrigger>
        <Button
          aria-label={active ? `${name}: ${value}` : unsetLabel}
          className={`flex h-full max-w-72 items-center gap-1.5 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-brand-500/50 ${active ? 'pr-1 pl-3' : 'px-3'}`}
        >
          <span className={`shrink-0 ${active ? 'text-brand-700' : 'text-slate-500'}`}>{icon}</span>
          <span className={active ? 'font-medium' : ''}>{name}</span>
          {active ? (
            <span className="min-w-0 truncate text-brand-800">· {value}</span>
          ) : (
            <ChevronDownIcon className="size-3.5 text-slate-500" />
          )}
        </Button>
        <Popover placement="bottom-start" className={panelClassName}>
          <Dialog aria-label={unsetLabel} className="flex min-h-0 flex-col outline-none">
            {({ close }) => (
              <>
                <Heading slot="title" className="px-4 pt-3.5 pb-1 text-sm font-semibold text-slate-900">
                  {name}
                </Heading>
                {children(close)}
              </>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
      {active && (
        <button
          type="button"
          onClick={onClear}
          aria-label={`Remove ${name.toLowerCase()} filter`}
          className="mr-1 rounded-full p-1 text-brand-700 hover:bg-brand-100 hover:text-brand-900"
        >
          <XIcon className="size-3.5" />
        </button>
      )}
    </div>
  );
}

/** A list of radio choices inside a filter popover; picking one applies it and closes. */
export function RadioChoices<T extends string>({
  name,
  value,
  options,
  onPick,
}: {
  name: string;
  value: T;
  options: readonly { value: T; label: ReactNode }[];
  onPick: (value: T) => void;
}) {
  return (
    <fieldset className="px-2 pt-1 pb-2">
      <legend className="sr-only">{name}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-[13px] text-slate-700 hover:bg-slate-50"
        >
          <input
            type="radio"
            name={name}
            checked={value === option.value}
            onChange={() => onPick(option.value)}
            className="size-4 accent-brand-600"
          />
          <span className="min-w-0 flex-1 truncate">{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
