import type { ContactDetail } from '@common/api/inbox';
import { INBOX_MSG } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, BanIcon, Trash2Icon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../../../api/client';
import { deleteContact, setContactState } from '../../../../api/contactDetails';
import { Spinner } from '../../../../components/Spinner';
import { AlertDialog, type AlertTone } from '../../../../ui/AlertDialog';
import { showToast } from '../../../../ui/Toast';
import { Section } from './Section';

type Action = 'archive' | 'unarchive' | 'block' | 'unblock' | 'delete';
type Confirmable = 'archive' | 'block' | 'delete';

const DONE: Record<Action, string> = {
  archive: 'Contact archived',
  unarchive: 'Contact moved back to the inbox',
  block: 'Contact blocked',
  unblock: 'Contact unblocked',
  delete: 'Contact deleted',
};

const FAILED: Record<Action, string> = {
  archive: 'Failed to archive contact',
  unarchive: 'Failed to unarchive contact',
  block: 'Failed to block contact',
  unblock: 'Failed to unblock contact',
  delete: 'Failed to delete contact',
};

function ActionRow({
  icon,
  label,
  hint,
  danger = false,
  busy = false,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  hint: string;
  danger?: boolean;
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className={`group flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left transition-colors disabled:cursor-wait ${
        danger ? 'hover:bg-red-50' : 'hover:bg-slate-50'
      }`}
    >
      <span
        className={`flex size-8 shrink-0 items-center justify-center rounded-lg ring-1 ${
          danger
            ? 'bg-red-50 text-red-600 ring-red-100 group-hover:bg-white'
            : 'bg-white text-slate-500 ring-slate-200 group-hover:text-slate-700'
        }`}
      >
        {busy ? <Spinner className="size-4" /> : icon}
      </span>
      <span className="min-w-0">
        <span className={`block text-sm font-medium ${danger ? 'text-red-700' : 'text-slate-800'}`}>
          {label}
        </span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </button>
  );
}

/**
 * Archive, block and (owners) delete, each after a confirm dialog; archive and block are undone
 * from here too. Delete closes the conversation.
 */
export function ContactActions({
  contact,
  meId,
  canDelete,
  onDeleted,
}: {
  contact: ContactDetail;
  meId: string | null;
  canDelete: boolean;
  onDeleted: () => void;
}) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = contact.name || INBOX_MSG.unknownName;

  const run = async (action: Action) => {
    setBusy(action);
    setError(null);
    try {
      if (action === 'delete') {
        await deleteContact(client, contact.id);
        showToast(DONE.delete, 'success');
        onDeleted();
        return;
      }
      const state =
        action === 'archive' || action === 'unarchive'
          ? { archived: action === 'archive' }
          : { blocked: action === 'block' };
      await setContactState(client, contact, state, meId);
      setConfirming(null);
      showToast(DONE[action], 'success');
    } catch (failure) {
      const text = errorMessage(failure, FAILED[action]);
      if (action === 'unarchive' || action === 'unblock') showToast(text, 'error');
      else setError(text);
    } finally {
      setBusy(null);
    }
  };

  const open = (action: Confirmable) => {
    setError(null);
    setConfirming(action);
  };

  const dialogs: Record<
    Confirmable,
    {
      tone: AlertTone;
      icon: ReactNode;
      title: string;
      description: ReactNode;
      confirm: string;
      busy: string;
    }
  > = {
    archive: {
      tone: 'neutral',
      icon: <ArchiveIcon className="size-6" />,
      title: 'Archive this contact?',
      description: (
        <>
          <strong className="font-medium text-slate-800">{name}</strong> leaves the tabs until they write
          again. The conversation and notes are kept.
        </>
      ),
      confirm: 'Archive',
      busy: 'Archiving...',
    },
    block: {
      tone: 'warning',
      icon: <BanIcon className="size-6" />,
      title: 'Block this contact?',
      description: (
        <>
          <strong className="font-medium text-slate-800">{name}</strong> is marked as blocked for the whole
          team. Their messages are still kept, and you can unblock them at any time.
        </>
      ),
      confirm: 'Block',
      busy: 'Blocking...',
    },
    delete: {
      tone: 'danger',
      icon: <Trash2Icon className="size-6" />,
      title: 'Delete this contact?',
      description: (
        <>
          This permanently deletes <strong className="font-medium text-slate-800">{name}</strong>, their notes
          and the whole conversation, including photos and documents, for everyone on the team. This cannot be
          undone.
        </>
      ),
      confirm: 'Delete contact',
      busy: 'Deleting...',
    },
  };
  const dialog = confirming ? dialogs[confirming] : null;

  return (
    <Section title="Actions" testId="contact-actions">
      <div className="-mx-2 space-y-0.5">
        {contact.archived ? (
          <ActionRow
            icon={<ArchiveRestoreIcon className="size-4" />}
            label="Unarchive"
            hint="Put them back in the tabs now"
            busy={busy === 'unarchive'}
            onClick={() => void run('unarchive')}
          />
        ) : (
          <ActionRow
            icon={<ArchiveIcon className="size-4" />}
            label="Archive"
            hint="Hide from the tabs until they write again"
            onClick={() => open('archive')}
          />
        )}
        {contact.blocked ? (
          <ActionRow
            icon={<BanIcon className="size-4" />}
            label="Unblock"
            hint="Remove the blocked mark"
            busy={busy === 'unblock'}
            onClick={() => void run('unblock')}
          />
        ) : (
          <ActionRow
            icon={<BanIcon className="size-4" />}
            label="Block"
            hint="Mark this contact as blocked"
            onClick={() => open('block')}
          />
        )}
        {canDelete && (
          <ActionRow
            icon={<Trash2Icon className="size-4" />}
            label="Delete"
            hint="Delete the contact and all its messages"
            danger
            onClick={() => open('delete')}
          />
        )}
      </div>
      {dialog && confirming && (
        <AlertDialog
          isOpen
          tone={dialog.tone}
          icon={dialog.icon}
          title={dialog.title}
          description={dialog.description}
          confirmLabel={dialog.confirm}
          busyLabel={dialog.busy}
          isBusy={busy === confirming}
          error={error}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void run(confirming)}
        />
      )}
    </Section>
  );
}
