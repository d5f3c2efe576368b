import { LayoutTemplateIcon, LockIcon, SendHorizontalIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Spinner } from '../../../../components/Spinner';
import { COPY } from '../../../../copy';
import { Dialog } from '../../../../ui/Dialog';

export type ComposeDialogBaseProps = {
  isOpen: boolean;
  onClose: () => void;
  /** Free-form messages allowed: outside the 24-hour window only a template may go. */
  canSend: boolean;
  onOpenTemplates: () => void;
};

type ComposeDialogProps = ComposeDialogBaseProps & {
  title: string;
  description: string;
  testId: string;
  /** The form's fields. */
  children: ReactNode;
  /** The live WhatsApp-style preview beside (or under) the form. */
  preview: ReactNode;
  valid: boolean;
  sending: boolean;
  formErrors: string[];
  sendLabel: string;
  /** Called when Send is pressed on a valid form; an invalid one shows all its errors instead. */
  onSend: () => void;
  onInvalid: () => void;
};

/**
 * A composer dialog for one message type: the form on the left, the preview on the right, Cancel and
 * Send under them. Send stays off until the contract's checks pass; when the 24-hour window is closed
 * the dialog says so and offers templates, like the message box does.
 */
export function ComposeDialog({
  isOpen,
  onClose,
  canSend,
  onOpenTemplates,
  title,
  description,
  testId,
  children,
  preview,
  valid,
  sending,
  formErrors,
  sendLabel,
  onSend,
  onInvalid,
}: ComposeDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || sending) return;
    if (valid) onSend();
    else onInvalid();
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      description={description}
      widthClass="max-w-4xl"
      testId={testId}
      isDismissable={!sending}
    >
      <form onSubmit={submit} noValidate aria-label={title}>
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
          <div className="min-w-0 space-y-4">{children}</div>
          <div className="min-w-0">{preview}</div>
        </div>
        {formErrors.length > 0 && (
          <ul className="mt-4 space-y-1 text-sm text-red-700" aria-live="polite">
            {formErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        )}
        {!canSend && (
          <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200">
            <LockIcon className="size-4 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">
              The 24-hour messaging window is closed. You can send an approved template until the customer
              replies.
            </p>
            <button
              type="button"
              onClick={() => {
                onClose();
                onOpenTemplates();
              }}
              className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-ink-900 px-3 text-sm font-medium text-white hover:bg-ink-800"
            >
              <LayoutTemplateIcon className="size-4" aria-hidden /> {COPY.sendTemplateMessage}
            </button>
          </div>
        )}
        <div className="mt-5 flex justify-end gap-2">
          <button
            type="button"
            onClick={onClose}
            disabled={sending}
            className="h-9 rounded-lg px-3.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={!valid || !canSend || sending}
            className="inline-flex h-9 items-center gap-1.5 rounded-lg bg-brand-700 px-3.5 text-sm font-medium text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-600"
          >
            {sending ? <Spinner className="size-4" /> : <SendHorizontalIcon className="size-4" aria-hidden />}
            {sendLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
