import { SEGMENT_MSG } from '@common/api/segments';
import { Trash2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { AlertDialog } from '../../../ui/AlertDialog';
import { Dialog } from '../../../ui/Dialog';

/** Names a segment: "Save as segment" and "Rename". The server's refusal shows under the field. */
export function SegmentNameDialog({
  isOpen,
  title,
  description,
  initialName = '',
  submitLabel,
  onClose,
  onSubmit,
}: {
  isOpen: boolean;
  title: string;
  description?: string;
  initialName?: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (isOpen) {
      setName(initialName);
      setError(null);
    }
  }, [isOpen, initialName]);

  const submit = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setError(SEGMENT_MSG.nameRequired);
    if (trimmed.length > 60) return setError(SEGMENT_MSG.nameTooLong);
    setBusy(true);
    try {
      await onSubmit(trimmed);
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'The segment could not be saved. Try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      description={description}
      isDismissable={!busy}
      testId="segment-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-5"
      >
        <TextField
          label="Segment name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          error={error}
          maxLength={80}
          placeholder="e.g. VIP customers in Lisbon"
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={busy} loadingText="Saving…">
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function DeleteSegmentDialog({
  name,
  onCancel,
  onConfirm,
}: {
  name: string | null;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <AlertDialog
      isOpen={name !== null}
      tone="danger"
      icon={<Trash2Icon className="size-6" />}
      title={`Delete the segment “${name ?? ''}”?`}
      description="The contacts stay as they are; only the saved filter goes, for the whole team."
      confirmLabel="Delete segment"
      busyLabel="Deleting…"
      isBusy={busy}
      error={error}
      onCancel={() => {
        setError(null);
        onCancel();
      }}
      onConfirm={async () => {
        setBusy(true);
        try {
          await onConfirm();
          setError(null);
        } catch (e) {
          setError(errorMessage(e, 'The segment could not be deleted. Try again.'));
        } finally {
          setBusy(false);
        }
      }}
      testId="delete-segment-dialog"
    />
  );
}
