import { DownloadIcon, FileTextIcon, ReplyIcon, SmileIcon } from 'lucide-react';
import { useState } from 'react';
import type { ChatMessage } from '../api';
import { fileExtension, timeOfDay } from '../format';
import { StatusTicks } from './PhoneMarks';
import { ContactCards, InteractiveActions, InteractiveText, LocationCard, VoiceNote } from './RichContent';

const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];

type Props = {
  message: ChatMessage;
  onReact: (emoji: string) => void;
  onReply: () => void;
  onJumpTo: (id: string) => void;
  /** The customer taps a reply button or picks a list row of this message. */
  onChoose: (optionId: string) => void;
};

function Quote({
  context,
  mine,
  onJumpTo,
}: {
  context: NonNullable<ChatMessage['context']>;
  mine: boolean;
  onJumpTo: Props['onJumpTo'];
}) {
  const byBusiness = context.from === 'business';
  return (
    <button
      type="button"
      onClick={() => onJumpTo(context.id)}
      className={`mb-1 block w-full overflow-hidden rounded-md border-l-4 px-2 py-1 text-left ${
        byBusiness ? 'border-[#06cf9c]' : 'border-[#53bdeb]'
      } ${mine ? 'bg-[#c7f0c0]' : 'bg-[#f5f6f6]'}`}
    >
      <span className={`block text-xs font-semibold ${byBusiness ? 'text-[#05705a]' : 'text-[#1d6fa5]'}`}>
        {byBusiness ? 'Business' : 'You'}
      </span>
      <span className="line-clamp-2 text-[13px] text-slate-600">{context.preview}</span>
    </button>
  );
}

function Media({ media }: { media: NonNullable<ChatMessage['media']> }) {
  if (media.kind === 'image' || media.kind === 'sticker') {
    return (
      <a href={media.url} target="_blank" rel="noreferrer" className="-mx-1 -mt-0.5 mb-1 block">
        <img
          src={media.url}
          alt={media.caption ?? 'Photo'}
          className={`max-h-72 w-full rounded-md bg-slate-100 object-cover ${media.kind === 'sticker' ? 'max-w-32 bg-transparent' : 'min-w-48'}`}
          style={{ imageRendering: 'auto' }}
        />
      </a>
    );
  }
  if (media.kind === 'video') {
    // biome-ignore lint/a11y/useMediaCaption: customer media carries no captions track
    return <video src={media.url} controls className="-mx-1 mb-1 max-h-72 w-full rounded-md bg-black" />;
  }
  if (media.kind === 'audio' && media.voice) return <VoiceNote url={media.url} />;
  if (media.kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: customer media carries no captions track
    return <audio src={media.url} controls className="mb-1 w-60" />;
  }
  return (
    <a
      href={`${media.url}?download=1`}
      download={media.filename ?? undefined}
      className="-mx-0.5 mb-1 flex min-w-56 items-center gap-3 rounded-md bg-black/[0.04] p-2.5 hover:bg-black/[0.07]"
    >
      <span className="relative flex size-10 shrink-0 items-center justify-center rounded-md bg-[#e9574a] text-white">
        <FileTextIcon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[14px] font-medium text-slate-800">
          {media.filename ?? 'Document'}
        </span>
        <span className="text-[11px] tracking-wide text-slate-500 uppercase">
          {fileExtension(media.filename, media.mimeType)}
        </span>
      </span>
      <DownloadIcon className="size-5 shrink-0 text-slate-500" />
    </a>
  );
}

/** One message as WhatsApp draws it, from the customer's side: theirs on the right in green. */
export function MessageBubble({ message, onReact, onReply, onJumpTo, onChoose }: Props) {
  const [picking, setPicking] = useState(false);
  const mine = message.from === 'customer';
  const myReaction = message.reactions.find((r) => r.from === 'customer')?.emoji ?? '';
  const caption = message.media?.caption ?? null;
  const text = message.template?.body ?? message.text ?? caption;
  const hasReactions = message.reactions.length > 0;

  return (
    <div
      id={`message-${message.id}`}
      data-testid="sandbox-message"
      data-from={message.from}
      className={`group flex px-3 ${mine ? 'justify-end' : 'justify-start'} ${hasReactions ? 'mb-4' : ''} animate-fade-in`}
    >
      <div className={`relative flex max-w-[82%] items-center gap-1 ${mine ? 'flex-row-reverse' : ''}`}>
        <div
          className={`relative min-w-0 rounded-lg px-2 pt-1.5 pb-1 text-[14.5px] leading-[1.35] text-[#111b21] shadow-[0_1px_0.5px_rgba(11,20,26,0.13)] ${
            mine ? 'rounded-tr-none bg-[#d9fdd3]' : 'rounded-tl-none bg-white'
          }`}
        >
          {message.context && <Quote context={message.context} mine={mine} onJumpTo={onJumpTo} />}
          {message.template?.header?.kind === 'text' && (
            <p className="mb-0.5 font-semibold">{message.template.header.text}</p>
          )}
          {message.media && <Media media={message.media} />}
          {message.location && <LocationCard location={message.location} />}
          {message.contacts && <ContactCards contacts={message.contacts} />}
          {message.interactive && <InteractiveText interactive={message.interactive} />}
          {text && <span className="break-words whitespace-pre-wrap">{text}</span>}
          {message.template?.footer && (
            <p className="mt-1 text-[12.5px] text-slate-500">{message.template.footer}</p>
          )}
          <span className="float-right mt-1.5 ml-3 flex translate-y-0.5 items-center gap-1 text-[11px] leading-none text-slate-500">
            {timeOfDay(message.timestamp)}
            {mine && <StatusTicks status={message.status} />}
          </span>
          {hasReactions && (
            <span
              className={`absolute -bottom-4 flex items-center gap-0.5 rounded-full bg-white px-1.5 py-0.5 text-[13px] shadow ring-1 ring-black/5 ${
                mine ? 'right-2' : 'left-2'
              }`}
              data-testid="sandbox-reactions"
            >
              {message.reactions.map((r) => (
                <span key={r.from} title={r.from === 'customer' ? 'You' : 'Business'}>
                  {r.emoji}
                </span>
              ))}
            </span>
          )}
          {message.interactive && (
            <InteractiveActions interactive={message.interactive} onChoose={mine ? null : onChoose} />
          )}
          {message.template && message.template.buttons.length > 0 && (
            <div className="-mx-2 mt-2 -mb-1 border-t border-slate-200/80">
              {message.template.buttons.map((b) => (
                <div
                  key={`${b.type}:${b.text}`}
                  className="flex items-center justify-center gap-1.5 border-b border-slate-200/80 py-2 text-[14px] font-medium text-[#026a99] last:border-b-0"
                >
                  <ReplyIcon className="size-4" />
                  {b.text}
                </div>
              ))}
            </div>
          )}
        </div>

        <div className="flex shrink-0 flex-col gap-1 opacity-0 transition-opacity group-hover:opacity-100 focus-within:opacity-100">
          <button
            type="button"
            aria-label="React"
            onClick={() => setPicking((v) => !v)}
            className="flex size-7 items-center justify-center rounded-full bg-white/90 text-slate-500 shadow-sm hover:text-slate-800"
          >
            <SmileIcon className="size-4" />
          </button>
          <button
            type="button"
            aria-label="Reply"
            onClick={onReply}
            className="flex size-7 items-center justify-center rounded-full bg-white/90 text-slate-500 shadow-sm hover:text-slate-800"
          >
            <ReplyIcon className="size-4" />
          </button>
        </div>

        {picking && (
          <div
            className={`absolute -top-11 z-10 flex animate-pop-in items-center gap-0.5 rounded-full bg-white px-1.5 py-1 shadow-pop ring-1 ring-black/5 ${
              mine ? 'right-0' : 'left-0'
            }`}
          >
            {QUICK_REACTIONS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                onClick={() => {
                  onReact(emoji === myReaction ? '' : emoji);
                  setPicking(false);
                }}
                className={`flex size-8 items-center justify-center rounded-full text-lg transition-transform hover:scale-125 ${
                  emoji === myReaction ? 'bg-slate-200' : ''
                }`}
                aria-label={emoji === myReaction ? `Remove ${emoji}` : `React ${emoji}`}
              >
                {emoji}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
