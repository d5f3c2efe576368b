import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../components/Button';
import { Dialog } from './Dialog';

export type AlertTone = 'neutral' | 'warning' | 'danger';

const ICON_TONES: Record<AlertTone, string> = {
  neutral: 'bg-slate-100 text-slate-600 ring-slate-100/50',
  warning: 'bg-amber-50 text-amber-600 ring-amber-50/50',
  danger: 'bg-red-50 text-red-600 ring-red-50/50',
};

export type AlertDialogProps = {
  isOpen: boolean;
  tone: AlertTone;
  /** A lucide icon at size-6; it is set in a round badge of the tone's colour. */
  icon: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the step runs ('Deleting...'). */
  busyLabel: string;
  /** The step runs: the confirm button spins, and nothing (Escape, ×, Cancel) closes the dialog. */
  isBusy: boolean;
  /** Why the last attempt failed; shown above the buttons. */
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  testId?: string;
};

/**
 * The confirmation step before an action (archive, block, delete, remove a member): an alert dialog
 * with the question, Cancel (focused first, as the safe answer) and the action.
 */
export function AlertDialog({
  isOpen,
  tone,
  icon,
  title,
  description,
  confirmLabel,
  busyLabel,
  isBusy,
  error = null,
  onCancel,
  onConfirm,
  testId,
}: AlertDialogProps) {
  const cancelRef = useStartOn(isOpen);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => {
        if (!isBusy) onCancel();
      }}
      role="alertdialog"
      isDismissable={!isBusy}
      title={title}
      description={description}
      testId={testId}
      icon={
        <span className={`flex size-12 items-center justify-center rounded-full ring-8 ${ICON_TONES[tone]}`}>
          {icon}
        </span>
      }
    >
      {error && (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-center text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        {/* An alert dialog starts on its safe answer (WAI-ARIA APG). */}
        <Button
          ref={cancelRef}
          variant="secondary"
          onClick={onCancel}
          disabled={isBusy}
          className="sm:min-w-28"
        >
          Cancel
        </Button>
        <Button
          variant={tone === 'danger' ? 'danger' : 'primary'}
          onClick={onConfirm}
          isLoading={isBusy}
          loadingText={busyLabel}
          className="sm:min-w-28"
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Focus goes to Cancel once the dialog is on screen — after React Aria has put it on top of the
 * overlays, so a popover it was opened from (the tag picker) does not take the move for a click away
 * and close, as an `autoFocus` during the first render makes it do.
 */
function useStartOn(isOpen: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);
  return ref;
}
