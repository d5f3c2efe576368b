import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

const ITEM = '[role="menuitem"]:not([disabled]),[role="menuitemradio"]:not([disabled])';

type MenuProps = {
  label: string;
  children: ReactNode;
  className?: string;
  /** Called on Tab: a menu closes when focus leaves it. */
  onTabOut?: () => void;
  /** Focus the first item when the menu appears (default). */
  autoFocus?: boolean;
};

/**
 * A WAI-ARIA menu: the first item takes focus, arrow keys, Home and End move between items (wrapping),
 * Tab leaves. Items are buttons with role="menuitem" (see MenuItem).
 */
export function Menu({ label, children, className = '', onTabOut, autoFocus = true }: MenuProps) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (autoFocus) ref.current?.querySelector<HTMLElement>(ITEM)?.focus();
  }, [autoFocus]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEM) ?? []);
    if (items.length === 0) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % items.length;
    else if (event.key === 'ArrowUp') next = index <= 0 ? items.length - 1 : index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'Tab') onTabOut?.();
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };

  return (
    <div ref={ref} role="menu" aria-label={label} onKeyDown={handleKeyDown} className={`py-1 ${className}`}>
      {children}
    </div>
  );
}

type MenuItemProps = {
  onSelect: () => void;
  children: ReactNode;
  icon?: ReactNode;
  /** Shown at the right end (a badge, a shortcut). */
  trailing?: ReactNode;
  tone?: 'default' | 'danger';
  testId?: string;
};

export function MenuItem({ onSelect, children, icon, trailing, tone = 'default', testId }: MenuItemProps) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      data-testid={testId}
      onClick={onSelect}
      className={`mx-1 flex w-[calc(100%-0.5rem)] items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-left text-[13px] outline-none transition-colors focus-visible:outline-none ${
        tone === 'danger'
          ? 'text-red-600 hover:bg-red-50 focus:bg-red-50'
          : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100'
      }`}
    >
      {icon && (
        <span className="flex size-4 shrink-0 items-center justify-center text-slate-400">{icon}</span>
      )}
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {trailing}
    </button>
  );
}
