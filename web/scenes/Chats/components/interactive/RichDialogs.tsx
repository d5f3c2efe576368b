import type { RichSend } from '../../../../api/richSends';
import { ContactCardDialog } from './ContactCardDialog';
import { LinkButtonDialog } from './LinkButtonDialog';
import { ListDialog } from './ListDialog';
import { LocationDialog } from './LocationDialog';
import { ReplyButtonsDialog } from './ReplyButtonsDialog';

export type RichKind = RichSend['type'];

type Props = {
  open: RichKind | null;
  onClose: () => void;
  canSend: boolean;
  onOpenTemplates: () => void;
  onSend: (send: RichSend) => Promise<unknown>;
};

/** The composer's dialogs for the rich message types; one is open at a time. */
export function RichDialogs({ open, onClose, canSend, onOpenTemplates, onSend }: Props) {
  const base = { onClose, canSend, onOpenTemplates };
  return (
    <>
      <ReplyButtonsDialog
        {...base}
        isOpen={open === 'buttons'}
        onSend={(input) => onSend({ type: 'buttons', ...input })}
      />
      <ListDialog {...base} isOpen={open === 'list'} onSend={(input) => onSend({ type: 'list', ...input })} />
      <LinkButtonDialog
        {...base}
        isOpen={open === 'cta_url'}
        onSend={(input) => onSend({ type: 'cta_url', ...input })}
      />
      <LocationDialog
        {...base}
        isOpen={open === 'location'}
        onSend={(input) => onSend({ type: 'location', ...input })}
      />
      <ContactCardDialog
        {...base}
        isOpen={open === 'contacts'}
        onSend={(input) => onSend({ type: 'contacts', ...input })}
      />
    </>
  );
}
