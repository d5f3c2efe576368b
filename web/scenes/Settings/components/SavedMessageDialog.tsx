import {
  SAVED_MSG,
  type SavedAttachment,
  type SavedMessageView,
  savedAttachmentProblem,
} from '@common/api/saved-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiRequestError } from '../../../api/client';
import {
  createSavedMessage,
  SAVED_MESSAGES_KEY,
  updateSavedMessage,
  uploadSavedAttachment,
} from '../../../api/savedMessages';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/TextField';
import { Dialog } from '../../../ui/Dialog';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  /** The message to edit; null creates one. */
  editing: SavedMessageView | null;
};

const serverText = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError && error.hasServerMessage ? error.message : fallback;

/**
 * Create/Edit Saved Message (spec §2, §5): Title (required), Message, Upload Attachment checked
 * before upload (the server checks the bytes again) with a progress bar; Save is disabled while the
 * title is empty or an upload runs.
 */
export function SavedMessageDialog({ isOpen, onClose, editing }: Props) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [content, setContent] = useState('');
  const [attachment, setAttachment] = useState<SavedAttachment | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    setName(editing?.name ?? '');
    setContent(editing?.content ?? '');
    setAttachment(editing?.attachment ?? null);
    setProgress(null);
    setProblem(null);
  }, [isOpen, editing]);

  const save = useMutation({
    mutationFn: () => {
      const body = { name, content, attachmentId: attachment?.id ?? null };
      return editing ? updateSavedMessage(editing.id, body) : createSavedMessage(body);
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: SAVED_MESSAGES_KEY });
      onClose();
    },
    onError: (error) => setProblem(serverText(error, SAVED_MSG.saveFailed)),
  });

  const upload = async (file: File) => {
    const local = savedAttachmentProblem(file.type || 'application/octet-stream', file.size);
    if (local) {
      setProblem(local);
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const { attachment: uploaded } = await uploadSavedAttachment(file, setProgress);
      setAttachment(uploaded);
    } catch (error) {
      setProblem(serverText(error, SAVED_MSG.uploadFailed));
    } finally {
      setProgress(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem(SAVED_MSG.titleRequired);
      return;
    }
    save.mutate();
  };

  const uploading = progress !== null;
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={editing ? 'Edit Saved Message' : 'Create Saved Message'}
      widthClass="max-w-lg"
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div>
          <label htmlFor="saved-title" className="block text-sm font-medium text-slate-800">
            Title
          </label>
          <input
            id="saved-title"
            className={inputClasses()}
            value={name}
            maxLength={200}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="saved-content" className="block text-sm font-medium text-slate-800">
            Message
          </label>
          <textarea
            id="saved-content"
            className={`${inputClasses()} min-h-28`}
            value={content}
            maxLength={4096}
            onChange={(e) => setContent(e.target.value)}
          />
        </div>
        <div className="space-y-2">
          <label htmlFor="saved-file" className="block text-sm font-medium text-slate-800">
            Upload Attachment
          </label>
          <input
            id="saved-file"
            type="file"
            accept="image/jpeg,image/png,audio/*,video/mp4,video/3gpp,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt"
            disabled={uploading}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void upload(file);
            }}
            className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5"
          />
          {uploading && (
            <div
              className="h-2 overflow-hidden rounded bg-slate-100"
              role="progressbar"
              aria-label="Upload progress"
              aria-valuenow={Math.round(progress * 100)}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div
                className="h-full bg-brand-500 transition-all"
                style={{ width: `${Math.round(progress * 100)}%` }}
              />
            </div>
          )}
          {attachment && !uploading && (
            <div
              className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200"
              data-testid="saved-attachment"
            >
              <span className="truncate">
                {attachment.kind}: {attachment.filename ?? attachment.kind}
              </span>
              <button
                type="button"
                className="text-xs font-medium text-red-600 hover:underline"
                onClick={() => setAttachment(null)}
              >
                Remove
              </button>
            </div>
          )}
        </div>
        {problem && <Alert testId="saved-message-error">{problem}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="brand"
            disabled={!name.trim() || uploading}
            isLoading={save.isPending}
            loadingText="Saving…"
          >
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
