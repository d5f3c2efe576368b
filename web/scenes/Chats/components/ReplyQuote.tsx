import { INBOX_MSG, type MessageReplyTarget } from '@common/api/inbox';

type ReplyQuoteProps = {
  target: MessageReplyTarget;
  contactName: string;
  /** Scrolls to the quoted message when it is on screen. */
  onJump?: (messageId: string) => void;
};

/** The quoted message at the top of a reply; 'This message was deleted.' when it is gone. */
export function ReplyQuote({ target, contactName, onJump }: ReplyQuoteProps) {
  const who = target.direction === 'outgoing' ? 'You' : contactName;
  const body = (
    <>
      {!target.deleted && <span className="block truncate text-xs font-semibold text-brand-800">{who}</span>}
      <span className={`line-clamp-2 text-xs ${target.deleted ? 'text-slate-500 italic' : 'text-slate-600'}`}>
        {target.deleted ? INBOX_MSG.replyDeleted : target.preview}
      </span>
    </>
  );
  const className = `mb-1 block w-full min-w-[120px] rounded-md border-l-4 bg-slate-900/[0.05] py-1 pr-2 pl-2 text-left ${
    target.direction === 'outgoing' ? 'border-brand-600' : 'border-violet-500'
  }`;
  if (target.deleted || !target.messageId || !onJump) {
    return (
      <div className={className} data-testid="reply-quote">
        {body}
      </div>
    );
  }
  const id = target.messageId;
  return (
    <button type="button" className={className} onClick={() => onJump(id)} data-testid="reply-quote">
      {body}
    </button>
  );
}
