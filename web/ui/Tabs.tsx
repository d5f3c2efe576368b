import type { ReactNode } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type Key,
} from 'react-aria-components';

/**
 * Tabs on React Aria: ←/→ move between tabs and select them, Home/End jump, and only the selected
 * tab is in the Tab order. `selected` is controlled (the inbox keeps it in the URL).
 */
export function Tabs<K extends string>({
  selected,
  onSelect,
  children,
  className = '',
}: {
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <AriaTabs
      selectedKey={selected}
      onSelectionChange={(key: Key) => onSelect(key as K)}
      className={`flex min-h-0 flex-1 flex-col ${className}`}
    >
      {children}
    </AriaTabs>
  );
}

export function TabList({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <AriaTabList aria-label={label} className={`flex gap-1 border-b border-slate-200 ${className}`}>
      {children}
    </AriaTabList>
  );
}

/** One tab: an underline when selected. `label` is its accessible name when the visible text is not all of it. */
export function Tab({ id, label, children }: { id: string; label?: string; children: ReactNode }) {
  return (
    <AriaTab
      id={id}
      aria-label={label}
      className="-mb-px flex flex-auto cursor-default items-center justify-center gap-1 border-b-2 border-transparent px-1 pt-2 pb-2.5 text-[12.5px] font-medium whitespace-nowrap text-slate-500 outline-none transition-colors data-[hovered]:text-slate-800 data-[selected]:border-brand-600 data-[selected]:text-slate-900 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500/50 data-[focus-visible]:ring-inset"
    >
      {children}
    </AriaTab>
  );
}

/** What the selected tab shows. */
export function TabPanel({
  id,
  children,
  className = '',
}: {
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <AriaTabPanel id={id} className={`flex min-h-0 flex-1 flex-col outline-none ${className}`}>
      {children}
    </AriaTabPanel>
  );
}
