import { CircleAlertIcon, CircleCheckIcon, XIcon } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

/** Toasts disappear after 3 s (spec §9). */
export const TOAST_MS = 3_000;

export type ToastKind = 'success' | 'error' | 'info';
type ToastItem = { id: number; kind: ToastKind; text: string };

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  emit(items.filter((t) => t.id !== id));
}

/** Shows a short message at the bottom of the screen; the same text twice in a row shows once. */
export function showToast(text: string, kind: ToastKind = 'info'): number {
  const same = items.find((t) => t.text === text && t.kind === kind);
  if (same) dismissToast(same.id);
  const id = nextId++;
  emit([...items, { id, kind, text }].slice(-4));
  setTimeout(() => dismissToast(id), TOAST_MS);
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear; mount once per screen that raises them. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, () => items);
  useEffect(() => () => emit([]), []);
  return createPortal(
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-[60] flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          className="pointer-events-auto flex max-w-md animate-pop-in items-center gap-2.5 rounded-xl bg-slate-900 py-2.5 pr-2.5 pl-3.5 text-sm text-white shadow-pop"
        >
          {toast.kind === 'error' ? (
            <CircleAlertIcon className="size-4.5 shrink-0 text-red-400" />
          ) : (
            <CircleCheckIcon className="size-4.5 shrink-0 text-brand-400" />
          )}
          <span className="min-w-0">{toast.text}</span>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => dismissToast(toast.id)}
            className="rounded-md p-1 text-slate-400 hover:bg-white/10 hover:text-white"
          >
            <XIcon className="size-3.5" />
          </button>
        </div>
      ))}
    </div>,
    document.body,
  );
}
