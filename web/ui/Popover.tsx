import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Popover as AriaPopover, type PopoverProps as AriaPopoverProps } from 'react-aria-components';

export type PopoverPlacement = 'bottom-start' | 'bottom-end' | 'bottom' | 'top-start' | 'top-end' | 'top';

const PLACEMENTS: Record<PopoverPlacement, NonNullable<AriaPopoverProps['placement']>> = {
  'bottom-start': 'bottom start',
  'bottom-end': 'bottom end',
  bottom: 'bottom',
  'top-start': 'top start',
  'top-end': 'top end',
  top: 'top',
};

export type PopoverProps = {
  children: ReactNode;
  /** Where it hangs from its trigger; it flips to the other side when there is more room there. */
  placement?: PopoverPlacement;
  /** Names the panel when it is a dialog (a picker), e.g. 'Tag chat'. */
  'aria-label'?: string;
  className?: string;
  testId?: string;
  /**
   * Controlled use, for a trigger that is not a React Aria button or that opens more than one panel:
   * the element it hangs from, and its open state. Inside a MenuTrigger or DialogTrigger leave these
   * out: the trigger supplies them.
   */
  triggerRef?: RefObject<Element | null>;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
};

/**
 * The app's floating panel, on React Aria: drawn over everything next to its trigger (flipping above
 * it when there is more room there), it closes on Escape and on a click outside, and focus goes back to
 * the trigger. A dialog opened from inside it (a confirmation) sits on top of it without closing it.
 * In controlled use it also closes when its trigger leaves the page (a row that moved tab).
 */
export function Popover({
  children,
  placement = 'bottom-start',
  'aria-label': ariaLabel,
  className = '',
  testId,
  triggerRef,
  isOpen,
  onOpenChange,
}: PopoverProps) {
  useCloseWhenTriggerGoes(isOpen === true ? triggerRef : undefined, onOpenChange);
  // Only what is given: an explicit `undefined` would hide what a MenuTrigger/DialogTrigger provides.
  const controlled = triggerRef ? { triggerRef, isOpen: isOpen ?? false, onOpenChange } : {};
  return (
    <AriaPopover
      {...controlled}
      placement={PLACEMENTS[placement]}
      offset={6}
      containerPadding={8}
      aria-label={ariaLabel}
      data-testid={testId}
      data-popover=""
      className={`flex flex-col overflow-hidden rounded-xl bg-white shadow-pop ring-1 ring-slate-900/10 outline-none data-[entering]:animate-pop-in ${className}`}
    >
      {children}
    </AriaPopover>
  );
}

function useCloseWhenTriggerGoes(
  triggerRef: RefObject<Element | null> | undefined,
  onOpenChange: ((isOpen: boolean) => void) | undefined,
) {
  const onChange = useRef(onOpenChange);
  onChange.current = onOpenChange;
  useEffect(() => {
    const trigger = triggerRef?.current;
    if (!trigger || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      if (!trigger.isConnected) onChange.current?.(false);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [triggerRef]);
}
