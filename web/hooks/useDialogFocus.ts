import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Open dialogs, newest last: only the topmost one answers Escape and Tab (a confirm over a dialog). */
const openDialogs: symbol[] = [];

/**
 * What every dialog needs while open: focus moves in (to `initialFocus`, else the first field, else
 * the panel) and Tab keeps it inside, Escape calls `onEscape`, the page behind does not scroll, and
 * focus returns where it was on close.
 */
export function useDialogFocus(
  isOpen: boolean,
  panelRef: RefObject<HTMLElement | null>,
  onEscape: () => void,
  initialFocus?: RefObject<HTMLInputElement | null>,
): void {
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useEffect(() => {
    if (!isOpen) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (initialFocus?.current) {
      initialFocus.current.focus();
      initialFocus.current.select();
    } else {
      (panel?.querySelector<HTMLElement>('input, textarea, select') ?? panel)?.focus();
    }

    const token = Symbol('dialog');
    openDialogs.push(token);
    const handleKeyDown = (event: KeyboardEvent) => {
      if (openDialogs.at(-1) !== token) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      openDialogs.splice(openDialogs.indexOf(token), 1);
      document.removeEventListener('keydown', handleKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [isOpen, panelRef, initialFocus]);
}
