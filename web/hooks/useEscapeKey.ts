import { useEffect, useRef } from 'react';

/** Calls `onEscape` when Escape is pressed while `isActive` (popovers and menus that close on it). */
export function useEscapeKey(isActive: boolean, onEscape: () => void): void {
  const callback = useRef(onEscape);
  callback.current = onEscape;
  useEffect(() => {
    if (!isActive) return;
    const handle = (event: KeyboardEvent) => {
      if (event.key === 'Escape') callback.current();
    };
    document.addEventListener('keydown', handle);
    return () => document.removeEventListener('keydown', handle);
  }, [isActive]);
}
