import { INBOX_MSG, type InboxMessage } from '@common/api/inbox';
import { LanguagesIcon, RefreshCwIcon, ReplyIcon } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { formatClockTime } from '../../../components/time';
import { BotLabel } from './content/BotLabel';
import { TextBody } from './content/TextBody';
import { isBare, MessageContent } from './MessageContent';
import { canTranslate, TranslationBox, useMessageTranslation } from './MessageTranslation';
import { ReactionBar } from './ReactionBar';
import { ReplyQuote } from './ReplyQuote';
import { StatusIcon } from './StatusIcon';

/** Spec §9: thumbs up, heart, laugh, surprised, sad, pray. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];

export type BubbleActions = {
  onReply: (message: InboxMessage) => void;
  onReact: (message: InboxMessage, emoji: string) => void;
  onRetry: (message: InboxMessage) => void;
  onJump: (messageId: string) => void;
  onUseTemplate: () => void;
};

type MessageBubbleProps = {
  message: InboxMessage;
  contactName: string;
  meId: string | null;
  /** First of a run from the same side: gets the bubble's tail. */
  isFirstInGroup: boolean;
  /** Upload progress (0–1) of a file still going up. */
  progress: number | null;
  actions: BubbleActions;
};

function Meta({ message }: { message: InboxMessage }) {
  return (
    <span className="inline-flex items-center gap-1 text-[11px] leading-none text-slate-500 tabular-nums">
      <time dateTime={message.timestamp}>{formatClockTime(message.timestamp)}</time>
      <StatusIcon message={message} />
    </span>
  );
}

function isPlainText(message: InboxMessage): boolean {
  return message.content.kind === 'text';
}

/** A system notice (number changed, identity changed…): a centred note, not a bubble. */
function SystemNotice({ message }: { message: InboxMessage }) {
  return (
    <div className="flex justify-center px-6 py-1" data-testid="message" data-message-id={message.id}>
      <p className="max-w-md rounded-lg bg-[#fff6c5] px-3 py-1.5 text-center text-xs text-slate-700 shadow-[0_1px_0.5px_rgba(11,20,26,0.13)]">
        {message.body || message.preview}
      </p>
    </div>
  );
}

function HoverActions({
  message,
  actions,
  side,
  onTranslate,
}: {
  message: InboxMessage;
  actions: BubbleActions;
  side: 'left' | 'right';
  /** Customer messages with text: translate into the agent's language. */
  onTranslate: (() => void) | null;
}) {
  if (!message.externalId) return null;
  return (
    <div
      className={`pointer-events-none absolute top-0 z-10 flex items-center gap-0.5 rounded-full bg-white p-1 opacity-0 shadow-pop ring-1 ring-slate-900/10 transition-opacity group-hover:pointer-events-auto group-hover:opacity-100 group-focus-within:pointer-events-auto group-focus-within:opacity-100 ${
        side === 'right' ? 'left-full ml-2' : 'right-full mr-2'
      }`}
      data-testid="message-actions"
    >
      {QUICK_REACTIONS.map((emoji) => (
        <button
          key={emoji}
          type="button"
          aria-label={`React ${emoji}`}
          onClick={() => actions.onReact(message, emoji)}
          className="flex size-7 items-center justify-center rounded-full text-base transition-transform hover:scale-125 hover:bg-slate-100"
        >
          {emoji}
        </button>
      ))}
      <span className="mx-0.5 h-5 w-px bg-slate-200" />
      <button
        type="button"
        aria-label="Reply"
        onClick={() => actions.onReply(message)}
        className="flex size-7 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <ReplyIcon className="size-4.5" />
      </button>
      {onTranslate && (
        <button
          type="button"
          aria-label="Translate"
          title="Translate"
          onClick={onTranslate}
          className="flex size-7 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-violet-800"
        >
          <LanguagesIcon className="size-4.5" />
        </button>
      )}
    </div>
  );
}

function Failure({ message, actions }: { message: InboxMessage; actions: BubbleActions }) {
  const media = message.type as keyof typeof INBOX_MSG.failedToSend;
  const fallback = INBOX_MSG.failedToSend[media] ?? INBOX_MSG.failedToSend.text;
  return (
    <div className="mt-1 flex flex-wrap items-center justify-end gap-x-2 gap-y-1 pr-1 text-xs" role="alert">
      <span className="text-red-600">{message.error?.message ?? fallback}</span>
      {message.error?.action === 'reconnect' && (
        <Link to="/connect-facebook" className="font-medium text-sky-700 hover:underline">
          Reconnect
        </Link>
      )}
      {message.error?.action === 'use_template' && (
        <button
          type="button"
          onClick={actions.onUseTemplate}
          className="font-medium text-sky-700 hover:underline"
        >
          Send a template
        </button>
      )}
      {message.abilities.retry && (
        <button
          type="button"
          onClick={() => actions.onRetry(message)}
          className="inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 font-medium text-slate-700 shadow-sm ring-1 ring-slate-900/10 hover:bg-slate-50"
        >
          <RefreshCwIcon className="size-3.5" /> Retry
        </button>
      )}
    </div>
  );
}

function UploadProgress({ message, progress }: { message: InboxMessage; progress: number }) {
  return (
    <div className="mt-1.5 px-1" data-testid="upload-progress">
      <div className="flex items-center justify-between text-[11px] text-slate-600">
        <span>{message.type === 'video' ? INBOX_MSG.sendingVideo : 'Uploading...'}</span>
        <span className="tabular-nums">{Math.round(progress * 100)}%</span>
      </div>
      <div
        className="mt-1 h-1 overflow-hidden rounded-full bg-slate-900/10"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${progress * 100}%` }}
        />
      </div>
    </div>
  );
}

/** One message as a WhatsApp-like bubble: quote, content, time and ticks, reactions, hover actions. */
export const MessageBubble = memo(function MessageBubble({
  message,
  contactName,
  meId,
  isFirstInGroup,
  progress,
  actions,
}: MessageBubbleProps) {
  if (message.content.kind === 'system') return <SystemNotice message={message} />;
  return (
    <Bubble
      message={message}
      contactName={contactName}
      meId={meId}
      isFirstInGroup={isFirstInGroup}
      progress={progress}
      actions={actions}
    />
  );
});

function Bubble({ message, contactName, meId, isFirstInGroup, progress, actions }: MessageBubbleProps) {
  const translation = useMessageTranslation(message);
  const translatable = canTranslate(message);
  const outgoing = message.direction === 'outgoing';
  const bare = isBare(message);
  const plain = isPlainText(message);
  const byTeammate = outgoing && message.sentBy && message.sentBy.id !== meId;
  const tail = isFirstInGroup && !bare;

  return (
    <div
      className={`group flex px-[4%] ${outgoing ? 'justify-end' : 'justify-start'} ${isFirstInGroup ? 'mt-2' : 'mt-0.5'}`}
      data-testid="message"
      data-message-id={message.id}
      data-direction={message.direction}
      data-status={message.status}
    >
      <div
        className={`relative flex max-w-[min(72%,560px)] flex-col ${outgoing ? 'items-end' : 'items-start'}`}
      >
        <div
          className={`relative ${
            bare
              ? ''
              : `rounded-lg px-1.5 pt-1 pb-1 shadow-[0_1px_0.5px_rgba(11,20,26,0.13)] ${
                  outgoing ? 'bg-[#d9fdd3]' : 'bg-white'
                } ${tail ? (outgoing ? 'rounded-tr-none' : 'rounded-tl-none') : ''}`
          }`}
        >
          {tail && (
            <svg
              viewBox="0 0 8 13"
              aria-hidden="true"
              className={`absolute top-0 h-[13px] w-2 ${outgoing ? '-right-2 text-[#d9fdd3]' : '-left-2 -scale-x-100 text-white'}`}
            >
              <path d="M0 0h8L1.3 9.2A2 2 0 0 1 0 8.8z" fill="currentColor" />
            </svg>
          )}
          {byTeammate && (
            <p className="px-1 pb-0.5 text-[11.5px] font-semibold text-teal-700">{message.sentBy?.label}</p>
          )}
          {outgoing && message.sentByBot && (
            <p className="px-1 pb-0.5">
              <BotLabel />
            </p>
          )}
          {message.replyTo && (
            <div className="px-0.5 pt-0.5">
              <ReplyQuote target={message.replyTo} contactName={contactName} onJump={actions.onJump} />
            </div>
          )}
          {plain ? (
            <TextBody text={message.body} className="px-1">
              {/* Room for the time and ticks on the last line, as on a phone. */}
              <span
                className={`inline-block h-3 align-middle ${outgoing ? 'w-[74px]' : 'w-[56px]'}`}
                aria-hidden="true"
              />
              <span className="absolute right-2 bottom-1.5">
                <Meta message={message} />
              </span>
            </TextBody>
          ) : (
            <>
              <div className={bare ? '' : 'px-0.5 pt-0.5'}>
                <MessageContent message={message} />
              </div>
              {progress !== null && message.status === 'pending' ? (
                <UploadProgress message={message} progress={progress} />
              ) : (
                message.status === 'pending' &&
                message.type === 'video' && (
                  <p className="px-1 pt-1 text-[11px] text-slate-600">{INBOX_MSG.sendingVideo}</p>
                )
              )}
              <div className="flex justify-end px-1 pt-1">
                <span className={bare ? 'rounded-full bg-white/85 px-2 py-1 shadow-xs' : ''}>
                  <Meta message={message} />
                </span>
              </div>
            </>
          )}
        </div>
        <ReactionBar
          reactions={message.reactions}
          contactName={contactName}
          align={outgoing ? 'end' : 'start'}
        />
        {translatable && <TranslationBox translation={translation} />}
        <HoverActions
          message={message}
          actions={actions}
          side={outgoing ? 'left' : 'right'}
          onTranslate={translatable ? () => void translation.translate() : null}
        />
        {message.status === 'failed' && outgoing && <Failure message={message} actions={actions} />}
      </div>
    </div>
  );
}
