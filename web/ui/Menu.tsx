import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  MenuSection as AriaMenuSection,
  Header,
  Separator,
} from 'react-aria-components';

export { MenuTrigger } from 'react-aria-components';

/**
 * A menu, on React Aria: arrow keys, Home and End move between items, typing jumps to an item, Enter
 * or a click picks one. In a MenuTrigger's Popover it opens with the first item focused (from the
 * keyboard) and closes when an item is picked; on its own (in a controlled Popover) give it
 * `autoFocus="first"` and close the popover in `onAction`.
 */
export function Menu<T extends object>({ className = '', ...props }: AriaMenuProps<T>) {
  return <AriaMenu {...props} className={`min-h-0 overflow-y-auto py-1 outline-none ${className}`} />;
}

type MenuItemProps = Omit<AriaMenuItemProps, 'children' | 'className' | 'onAction'> & {
  children: ReactNode;
  /** Picked with a click or Enter (or use the Menu's onAction with the item's id). */
  onAction?: () => void;
  icon?: ReactNode;
  /** Shown at the right end (a badge, a shortcut). */
  trailing?: ReactNode;
  tone?: 'default' | 'danger';
  testId?: string;
};

export function MenuItem({
  children,
  icon,
  trailing,
  tone = 'default',
  testId,
  textValue,
  ...props
}: MenuItemProps) {
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue ?? (typeof children === 'string' ? children : undefined)}
      data-testid={testId}
      className={`mx-1 flex cursor-default items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-[13px] outline-none transition-colors select-none data-[disabled]:opacity-50 ${
        tone === 'danger'
          ? 'text-red-600 data-[focused]:bg-red-50 data-[hovered]:bg-red-50'
          : 'text-slate-700 data-[focused]:bg-slate-100 data-[hovered]:bg-slate-100'
      }`}
    >
      {icon && (
        <span
          className={`flex size-4 shrink-0 items-center justify-center ${tone === 'danger' ? 'text-red-500' : 'text-slate-400'}`}
        >
          {icon}
        </span>
      )}
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {trailing}
    </AriaMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className="mx-3 my-1 border-t border-slate-100" />;
}

/** A group of items under a small grey title. */
export function MenuSection({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <AriaMenuSection>
      {title && (
        <Header className="px-3.5 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-slate-400 uppercase">
          {title}
        </Header>
      )}
      {children}
    </AriaMenuSection>
  );
}
