import { CircleAlertIcon, CircleCheckIcon, XIcon } from 'lucide-react';
import { useEffect } from 'react';
import {
  UNSTABLE_Toast as AriaToast,
  Button,
  Text,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';

/** Toasts disappear after 3 s (spec §9); the time stands still while the pointer or focus is on them. */
export const TOAST_MS = 3_000;

/** More than this and the oldest goes. */
const MAX_TOASTS = 4;

export type ToastKind = 'success' | 'error' | 'info';
type ToastItem = { id: number; kind: ToastKind; text: string };

const queue = new ToastQueue<ToastItem>({ maxVisibleToasts: MAX_TOASTS });
let nextId = 1;

export function dismissToast(id: number): void {
  const toast = queue.visibleToasts.find((t) => t.content.id === id);
  if (toast) queue.close(toast.key);
}

/** Drops every toast, shown or waiting (the test setup calls it between tests). */
export function clearToasts(): void {
  queue.clear();
}

/** Shows a short message at the bottom of the screen; the same text twice in a row shows once. */
export function showToast(text: string, kind: ToastKind = 'info'): number {
  // Newest first: the same text goes, and so do the oldest beyond the fourth.
  let kept = 0;
  for (const toast of queue.visibleToasts) {
    const same = toast.content.text === text && toast.content.kind === kind;
    if (same || kept === MAX_TOASTS - 1) queue.close(toast.key);
    else kept++;
  }
  const id = nextId++;
  queue.add({ id, kind, text }, { timeout: TOAST_MS });
  return id;
}

/**
 * Where toasts appear, as a dark pill above the bottom edge; mount once per screen that raises them.
 * React Aria's region: a landmark (F6 reaches it), each toast labelled by its text, timers paused on
 * hover and focus, and focus put back when the last one goes.
 */
export function Toaster() {
  useEffect(() => () => queue.clear(), []);
  return (
    <ToastRegion
      queue={queue}
      className="pointer-events-none fixed inset-x-0 bottom-24 z-[60] flex flex-col-reverse items-center gap-2 px-4 outline-none"
    >
      {({ toast }) => (
        <AriaToast
          toast={toast}
          data-testid="toast"
          className="pointer-events-auto flex max-w-md animate-pop-in items-center gap-2.5 rounded-xl bg-slate-900 py-2.5 pr-2.5 pl-3.5 text-sm text-white shadow-pop outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-400 data-[focus-visible]:ring-offset-2"
        >
          {toast.content.kind === 'error' ? (
            <CircleAlertIcon aria-hidden="true" className="size-4.5 shrink-0 text-red-400" />
          ) : (
            <CircleCheckIcon aria-hidden="true" className="size-4.5 shrink-0 text-brand-400" />
          )}
          {/* An error interrupts (alert); a confirmation waits its turn (status). */}
          <ToastContent role={toast.content.kind === 'error' ? 'alert' : 'status'} className="min-w-0">
            <Text slot="title">{toast.content.text}</Text>
          </ToastContent>
          <Button
            slot="close"
            aria-label="Dismiss"
            className="rounded-md p-1 text-slate-400 outline-none hover:bg-white/10 hover:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-white/70"
          >
            <XIcon className="size-3.5" />
          </Button>
        </AriaToast>
      )}
    </ToastRegion>
  );
}
