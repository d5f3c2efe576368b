import type { InboxMessage } from '@common/api/inbox';
import { TemplatePicker } from '../../../components/TemplatePicker';
import { COPY } from '../../../copy';
import { Dialog } from '../../../ui/Dialog';

type TemplateModalProps = {
  isOpen: boolean;
  onClose: () => void;
  contactId: string;
  contactName: string;
  onSent: (message: InboxMessage) => void;
};

/**
 * 'Send Template Message' (spec §2): the approved templates in a 3-column grid, each with Send, and
 * 'Create New Template' leading to the marketing tab's create dialog. Templates go outside the
 * 24-hour window too; the sent message joins the conversation as pending and turns sent live.
 */
export function TemplateModal({ isOpen, onClose, contactId, contactName, onSent }: TemplateModalProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={COPY.sendTemplateMessage}
      description="WhatsApp only lets a business start a conversation, or reply more than 24 hours after the customer’s last message, with an approved template."
      widthClass="max-w-4xl"
    >
      <TemplatePicker contactId={contactId} contactName={contactName} onSent={onSent} onClose={onClose} />
    </Dialog>
  );
}
