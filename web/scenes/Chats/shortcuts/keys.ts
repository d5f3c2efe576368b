/**
 * The inbox's keyboard shortcuts: which key does what (the sheet lists them from here) and which
 * shortcut a keydown is. `?` only counts outside text fields, so it can still be typed; the others
 * work from anywhere in the inbox, but not while a dialog or a popover has the keyboard.
 */

export type InboxShortcut = 'palette' | 'sheet' | 'previous' | 'next';

/** True on Apple platforms, where the palette's key is ⌘K rather than Ctrl+K. */
export function isApple(): boolean {
  return (
    typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
  );
}

export type ShortcutEntry = { keys: string[][]; label: string };

/** Every shortcut, grouped as the sheet shows them; `keys` holds alternatives, each a key sequence. */
export function shortcutGroups(apple = isApple()): { title: string; entries: ShortcutEntry[] }[] {
  return [
    {
      title: 'Inbox',
      entries: [
        { keys: [[apple ? '⌘' : 'Ctrl', 'K']], label: 'Jump to a conversation' },
        { keys: [['Alt', '↑']], label: 'Previous conversation in the list' },
        { keys: [['Alt', '↓']], label: 'Next conversation in the list' },
        { keys: [['Esc']], label: 'Close the contact panel, a menu or a dialog' },
        { keys: [['?']], label: 'Show keyboard shortcuts' },
      ],
    },
    {
      title: 'Message box',
      entries: [
        { keys: [['Enter']], label: 'Send the message' },
        { keys: [['Shift', 'Enter']], label: 'New line' },
        { keys: [[apple ? '⌘' : 'Ctrl', 'J']], label: 'Suggest a reply with AI (again to stop)' },
        { keys: [['/']], label: 'Saved messages (type to filter them)' },
        { keys: [['↑'], ['↓']], label: 'Move through saved messages or emoji' },
        { keys: [['Enter']], label: 'Insert the highlighted saved message or emoji' },
      ],
    },
  ];
}

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(target.type);
}

/** A dialog, an open popover or a menu is on screen: it keeps its keys. */
function overlayOpen(): boolean {
  return (
    document.querySelector('[role="dialog"], [role="alertdialog"], [aria-modal="true"], [data-popover]') !==
    null
  );
}

type KeyLike = Pick<
  KeyboardEvent,
  'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target' | 'defaultPrevented' | 'isComposing'
>;

/** The inbox shortcut a keydown stands for, or null. */
export function shortcutFor(event: KeyLike): InboxShortcut | null {
  if (event.defaultPrevented || event.isComposing) return null;
  const { key, ctrlKey, metaKey, altKey, shiftKey } = event;
  let found: InboxShortcut | null = null;
  if ((ctrlKey || metaKey) && !altKey && !shiftKey && key.toLowerCase() === 'k') found = 'palette';
  else if (altKey && !ctrlKey && !metaKey && !shiftKey && key === 'ArrowUp') found = 'previous';
  else if (altKey && !ctrlKey && !metaKey && !shiftKey && key === 'ArrowDown') found = 'next';
  else if (key === '?' && !ctrlKey && !metaKey && !altKey && !isTextField(event.target)) found = 'sheet';
  if (found && overlayOpen()) return null;
  return found;
}
