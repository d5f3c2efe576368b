import type { ReactNode } from 'react';
import { Button } from '../../../../components/Button';
import { Modal } from '../../../../components/Modal';

export type ConfirmTone = 'neutral' | 'warning' | 'danger';

const ICON_TONES: Record<ConfirmTone, string> = {
  neutral: 'bg-slate-100 text-slate-600 ring-slate-100/50',
  warning: 'bg-amber-50 text-amber-600 ring-amber-50/50',
  danger: 'bg-red-50 text-red-600 ring-red-50/50',
};

/** The confirm step of a contact action, in the app's dialog. */
export function ConfirmDialog({
  isOpen,
  tone,
  icon,
  title,
  description,
  confirmLabel,
  busyLabel,
  isBusy,
  error,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  tone: ConfirmTone;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  isBusy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={() => {
        if (!isBusy) onCancel();
      }}
      title={title}
      description={description}
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
      <div className="flex justify-center gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
        <Button
          variant={tone === 'danger' ? 'danger' : 'primary'}
          onClick={onConfirm}
          isLoading={isBusy}
          loadingText={busyLabel}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
