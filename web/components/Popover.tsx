import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export type PopoverPlacement = 'bottom-start' | 'bottom-end';

type PopoverProps = {
  /** The element the popover hangs from (its trigger button). */
  anchor: HTMLElement | null;
  isOpen: boolean;
  /** Called on Escape, an outside click, or when the anchor goes away. */
  onClose: (reason: 'escape' | 'outside' | 'anchor-gone') => void;
  placement?: PopoverPlacement;
  children: ReactNode;
  className?: string;
  /** Test id of the floating panel. */
  testId?: string;
};

const GAP = 6;
const MARGIN = 8;

type Position = { top: number; left: number; maxHeight: number };

function computePosition(anchor: HTMLElement, panel: HTMLElement, placement: PopoverPlacement): Position {
  const rect = anchor.getBoundingClientRect();
  const width = panel.offsetWidth;
  const height = panel.scrollHeight;
  const viewportWidth = window.innerWidth;
  const viewportHeight = window.innerHeight;
  const below = viewportHeight - rect.bottom - GAP - MARGIN;
  const above = rect.top - GAP - MARGIN;
  const flip = height > below && above > below;
  const maxHeight = Math.max(120, flip ? above : below);
  const shown = Math.min(height, maxHeight);
  const top = flip ? rect.top - GAP - shown : rect.bottom + GAP;
  const preferred = placement === 'bottom-end' ? rect.right - width : rect.left;
  const left = Math.min(Math.max(MARGIN, preferred), Math.max(MARGIN, viewportWidth - width - MARGIN));
  return { top, left, maxHeight };
}

/**
 * A floating panel anchored to its trigger, drawn over everything (so scrolling lists do not clip it):
 * below the anchor, or above when there is more room there; it follows the anchor on scroll and
 * resize, and closes on Escape (focus goes back to the anchor), on a click outside it and its anchor,
 * and when the anchor leaves the page. A dialog opened from inside it (a confirmation) does not count
 * as outside. The content sets its own role (menu, listbox, dialog) and moves focus in.
 */
export function Popover({
  anchor,
  isOpen,
  onClose,
  placement = 'bottom-start',
  children,
  className = '',
  testId,
}: PopoverProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<Position | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const place = useCallback(() => {
    const panel = panelRef.current;
    if (!anchor || !panel) return;
    if (!anchor.isConnected) {
      onCloseRef.current('anchor-gone');
      return;
    }
    setPosition(computePosition(anchor, panel, placement));
  }, [anchor, placement]);

  useLayoutEffect(() => {
    if (!isOpen) {
      setPosition(null);
      return;
    }
    place();
    const panel = panelRef.current;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => place());
    if (panel) observer?.observe(panel);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [isOpen, place]);

  // The content focuses its own first control; when it has none (yet), the panel takes focus so
  // Escape still reaches it.
  useEffect(() => {
    const panel = panelRef.current;
    if (isOpen && panel && !panel.contains(document.activeElement)) panel.focus();
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || panelRef.current?.contains(target) || anchor?.contains(target)) return;
      // A modal dialog opened from the popover (a confirmation) sits on top of it: clicks there,
      // or on its backdrop, belong to the dialog.
      const modals = Array.from(document.querySelectorAll('[data-modal]'));
      if (modals.some((modal) => !modal.contains(anchor ?? null))) return;
      onCloseRef.current('outside');
    };
    document.addEventListener('pointerdown', handlePointer, true);
    return () => document.removeEventListener('pointerdown', handlePointer, true);
  }, [isOpen, anchor]);

  if (!isOpen) return null;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape pressed anywhere inside the panel closes it
    <div
      ref={panelRef}
      data-testid={testId}
      data-popover=""
      tabIndex={-1}
      onKeyDown={(event) => {
        // Only keys pressed inside the panel itself (not in a dialog rendered from it).
        if (event.key !== 'Escape' || !panelRef.current?.contains(event.target as Node)) return;
        event.stopPropagation();
        event.preventDefault();
        onCloseRef.current('escape');
        anchor?.focus();
      }}
      style={{
        top: position?.top ?? 0,
        left: position?.left ?? 0,
        maxHeight: position?.maxHeight,
      }}
      className={`fixed z-50 flex animate-pop-in flex-col overflow-hidden rounded-xl bg-white shadow-pop ring-1 ring-slate-900/10 outline-none ${className}`}
    >
      {children}
    </div>,
    document.body,
  );
}
