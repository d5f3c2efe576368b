import { useEffect, useRef } from 'react';
import { type InboxShortcut, shortcutFor } from './keys';

/** Calls `onShortcut` for each inbox shortcut pressed while the inbox is on screen. */
export function useInboxShortcuts(onShortcut: (shortcut: InboxShortcut) => void): void {
  const callback = useRef(onShortcut);
  callback.current = onShortcut;
  useEffect(() => {
    const handle = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event);
      if (!shortcut) return;
      event.preventDefault();
      callback.current(shortcut);
    };
    document.addEventListener('keydown', handle);
    return () => document.removeEventListener('keydown', handle);
  }, []);
}
