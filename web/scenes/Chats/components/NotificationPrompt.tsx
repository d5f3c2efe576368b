import { BellIcon, XIcon } from 'lucide-react';
import { useState } from 'react';

const DISMISSED_KEY = 'switchboard:notifications-dismissed';

function shouldAsk(): boolean {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return false;
  try {
    return localStorage.getItem(DISMISSED_KEY) !== '1';
  } catch {
    return true;
  }
}

/** Asks politely (once, and only when clicked) for permission to show new-message notifications. */
export function NotificationPrompt() {
  const [visible, setVisible] = useState(shouldAsk);
  if (!visible) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // private mode: it asks again next time
    }
    setVisible(false);
  };

  return (
    <div className="mx-3 mt-3 flex items-center gap-3 rounded-xl bg-sky-50 px-3 py-2.5 ring-1 ring-sky-100">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sky-500 text-white">
        <BellIcon className="size-4" />
      </span>
      <p className="min-w-0 flex-1 text-xs text-slate-700">
        Get a desktop notification when a customer writes while this tab is in the background.
        <button
          type="button"
          onClick={() => {
            void Notification.requestPermission().finally(() => setVisible(false));
          }}
          className="ml-1 font-semibold text-sky-700 hover:underline"
        >
          Turn on
        </button>
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Not now"
        className="rounded p-1 text-slate-400 hover:text-slate-600"
      >
        <XIcon className="size-3.5" />
      </button>
    </div>
  );
}
