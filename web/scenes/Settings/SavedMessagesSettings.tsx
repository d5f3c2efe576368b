import { cutText, SAVED_MSG, SAVED_PREVIEW, type SavedMessageView } from '@common/api/saved-messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookmarkIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { ApiRequestError, errorMessage } from '../../api/client';
import { deleteSavedMessage, SAVED_MESSAGES_KEY, savedMessagesQuery } from '../../api/savedMessages';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { AlertDialog } from '../../ui/AlertDialog';
import { SavedInteractivePreview } from './components/SavedInteractivePreview';
import { SavedMessageDialog } from './components/SavedMessageDialog';

/** Spec §9: 150 characters of text, 100 of a caption (a message with an image). */
export function listPreview(message: Pick<SavedMessageView, 'content' | 'mediaType'>): string {
  return cutText(
    message.content,
    message.mediaType === 'image' ? SAVED_PREVIEW.listCaption : SAVED_PREVIEW.listText,
  );
}

/**
 * Settings → Saved Messages: the team's saved messages, newest first. Owners create, edit and delete
 * (icons and the Create button only for them); members read them, and get the spec's alert if an
 * action is refused. Saved reply buttons, lists and link buttons (kept from the composer's dialogs)
 * show as the phone shows them and are deleted, not edited.
 */
export function SavedMessagesSettings() {
  const client = useQueryClient();
  const query = useQuery(savedMessagesQuery);
  const [dialog, setDialog] = useState<{ editing: SavedMessageView | null } | null>(null);
  const [deleting, setDeleting] = useState<SavedMessageView | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const abilities = query.data?.abilities ?? { create: false, edit: false, delete: false };

  const remove = useMutation({
    mutationFn: (id: string) => deleteSavedMessage(id),
    onSuccess: async () => {
      setDeleting(null);
      await client.invalidateQueries({ queryKey: SAVED_MESSAGES_KEY });
    },
    onError: (error) => {
      setDeleting(null);
      setAlert(
        error instanceof ApiRequestError && error.status === 403 ? error.message : SAVED_MSG.deleteFailed,
      );
    },
  });

  const openCreate = () => {
    if (!abilities.create) return setAlert(SAVED_MSG.onlyOwnersCreate);
    setAlert(null);
    setDialog({ editing: null });
  };
  const openEdit = (message: SavedMessageView) => {
    if (!abilities.edit) return setAlert(SAVED_MSG.onlyOwnersEdit);
    setAlert(null);
    setDialog({ editing: message });
  };
  const askDelete = (message: SavedMessageView) => {
    if (!abilities.delete) return setAlert(SAVED_MSG.onlyOwnersDelete);
    setAlert(null);
    setDeleting(message);
  };

  const list = query.data?.savedMessages ?? [];
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Saved Messages</h2>
          <p className="text-sm text-slate-500">
            Replies your team uses often. Type / in a chat to insert one.
          </p>
        </div>
        {abilities.create && (
          <Button variant="brand" onClick={openCreate}>
            Create Saved Message
          </Button>
        )}
      </div>
      {!abilities.create && query.data && (
        <Alert tone="info" testId="saved-read-only">
          Only team owners can create, edit or delete saved messages. You can use them in any chat.
        </Alert>
      )}
      {alert && <Alert testId="saved-alert">{alert}</Alert>}

      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading saved messages" />
        </div>
      ) : query.isError ? (
        <Alert>{errorMessage(query.error, 'Failed to load saved messages')}</Alert>
      ) : list.length === 0 ? (
        <div className="rounded-2xl bg-white ring-1 ring-slate-200">
          <EmptyState
            icon={<BookmarkIcon className="size-7" />}
            title="No saved messages yet"
            description="Write replies once and insert them in any chat by typing /."
          />
        </div>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
          {list.map((message) => (
            <li key={message.id} className="flex items-start gap-4 p-4" data-testid="saved-message">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{message.name}</p>
                {message.interactive ? (
                  <SavedInteractivePreview message={message} />
                ) : (
                  message.content && (
                    <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-600">
                      {listPreview(message)}
                    </p>
                  )
                )}
                {message.attachment && !message.interactive && (
                  <a
                    href={message.attachment.url}
                    target="_blank"
                    rel="noreferrer"
                    className="mt-1 inline-flex rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700"
                    data-testid="saved-message-attachment"
                  >
                    {message.attachment.kind}: {message.attachment.filename ?? message.attachment.kind}
                  </a>
                )}
              </div>
              {(abilities.edit || abilities.delete) && (
                <div className="flex shrink-0 gap-1">
                  {/* A saved interactive message is changed by deleting it and saving a new one. */}
                  {abilities.edit && !message.interactive && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${message.name}`}
                      onClick={() => openEdit(message)}
                    >
                      Edit
                    </Button>
                  )}
                  {abilities.delete && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${message.name}`}
                      onClick={() => askDelete(message)}
                    >
                      Delete
                    </Button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <SavedMessageDialog
        isOpen={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
      <AlertDialog
        isOpen={deleting !== null}
        tone="danger"
        icon={<TriangleAlertIcon className="size-6" />}
        title="Delete Saved Message"
        description={
          deleting && (
            <>
              Are you sure you want to delete{' '}
              <strong>"{cutText(deleting.name, SAVED_PREVIEW.deleteName)}"</strong>? This cannot be undone.
            </>
          )
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}
