import { SAVED_INTERACTIVE_LABEL } from '@common/api/interactive';
import type { SavedMessageView } from '@common/api/saved-messages';
import type { OutgoingInteractiveContent } from '@common/message-content';
import { pendingContent } from '../../../api/richSends';
import { InteractiveContent } from '../../../components/InteractivePreview';

/**
 * A saved reply-buttons, list or link-button message in Settings → Saved Messages (issue 17): its
 * kind and the message as the customer's phone shows it (a file header drawn from the attachment).
 */
export function SavedInteractivePreview({ message }: { message: SavedMessageView }) {
  if (!message.interactive) return null;
  const content = pendingContent(message.interactive).content as OutgoingInteractiveContent;
  const file = message.attachment;
  return (
    <div className="mt-1.5 space-y-1.5">
      <span className="inline-flex rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
        {SAVED_INTERACTIVE_LABEL[message.interactive.type]}
      </span>
      <div className="max-w-xs rounded-lg bg-[#d9fdd3] px-2 pt-1.5 pb-1 shadow-[0_1px_0.5px_rgba(11,20,26,0.13)]">
        <InteractiveContent
          content={content}
          headerMedia={
            file?.kind === 'image' ? (
              <img src={file.url} alt="Header" className="max-h-32 w-full rounded-md object-cover" />
            ) : undefined
          }
        />
      </div>
    </div>
  );
}
