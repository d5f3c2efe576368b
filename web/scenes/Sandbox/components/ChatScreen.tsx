import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeIcon } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { type ChatMessage, type PhoneNumber, sandboxApi } from '../api';
import { avatarColor, dayLabel, formatDuration, initials } from '../format';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { VerifiedBadge } from './PhoneMarks';

const WALLPAPER = {
  backgroundColor: '#efeae2',
  backgroundImage:
    'radial-gradient(rgba(17,27,33,0.055) 1px, transparent 1.2px), radial-gradient(rgba(17,27,33,0.035) 1px, transparent 1.2px)',
  backgroundSize: '22px 22px, 22px 22px',
  backgroundPosition: '0 0, 11px 11px',
};

function SystemNote({ children, tone = 'plain' }: { children: ReactNode; tone?: 'plain' | 'warn' | 'info' }) {
  const tones = {
    plain: 'bg-white/90 text-slate-600',
    warn: 'bg-[#fff3c4] text-[#54471b]',
    info: 'bg-[#d6f1ff] text-[#1b4d63]',
  };
  return (
    <div className="flex justify-center px-6 py-1">
      <span
        className={`rounded-lg px-3 py-1 text-center text-[12px] leading-snug shadow-[0_1px_0.5px_rgba(11,20,26,0.1)] ${tones[tone]}`}
      >
        {children}
      </span>
    </div>
  );
}

const isUnread = (m: ChatMessage) =>
  m.from === 'business' && (m.status === 'sent' || m.status === 'delivered');

/** One chat between the chosen customer (this phone's owner) and the business number. */
export function ChatScreen({ phone, waId }: { phone: PhoneNumber; waId: string }) {
  const queryClient = useQueryClient();
  const key = ['sandbox', 'chat', phone.id, waId];
  const chat = useQuery({
    queryKey: key,
    queryFn: () => sandboxApi.chat(phone.id, waId),
    refetchInterval: 1000,
  });
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [autoRead, setAutoRead] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const lastCount = useRef(0);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['sandbox', 'customers', phone.id] });
  };
  const onError = (e: Error) => setError(e.message);
  const sendText = useMutation({
    mutationFn: (text: string) => sandboxApi.sendText(phone.id, waId, text, replyTo?.id),
    onSuccess: () => {
      setReplyTo(null);
      setError(null);
      refresh();
    },
    onError,
  });
  const sendFile = useMutation({
    mutationFn: (input: { file: File; asDocument: boolean; caption: string }) =>
      sandboxApi.sendFile(phone.id, waId, input.file, {
        ...input,
        caption: input.caption || undefined,
        replyTo: replyTo?.id,
      }),
    onSuccess: () => {
      setReplyTo(null);
      setError(null);
      refresh();
    },
    onError,
  });
  const react = useMutation({
    mutationFn: (input: { messageId: string; emoji: string }) =>
      sandboxApi.react(phone.id, waId, input.messageId, input.emoji),
    onSuccess: refresh,
    onError,
  });
  const choose = useMutation({
    mutationFn: (input: { messageId: string; optionId: string }) =>
      sandboxApi.choose(phone.id, waId, input.messageId, input.optionId),
    onSuccess: () => {
      setError(null);
      refresh();
    },
    onError,
  });
  const markRead = useMutation({
    mutationFn: () => sandboxApi.markRead(phone.id, waId),
    onSuccess: refresh,
    onError,
  });

  const messages = chat.data?.messages ?? [];
  const unread = messages.filter(isUnread).length;

  // Reading while the chat is open is what makes the business see blue ticks.
  useEffect(() => {
    if (autoRead && unread > 0 && !markRead.isPending) markRead.mutate();
  }, [autoRead, unread, markRead]);

  // Follow the conversation like WhatsApp: stay at the bottom unless the reader scrolled up.
  const atBottom = useRef(true);
  useEffect(() => {
    const el = scroller.current;
    if (!el || messages.length === lastCount.current) return;
    if (lastCount.current === 0 || atBottom.current || messages.at(-1)?.from === 'customer') {
      el.scrollTo({ top: el.scrollHeight, behavior: lastCount.current === 0 ? 'auto' : 'smooth' });
    }
    lastCount.current = messages.length;
  }, [messages]);
  // Images and quotes grow the list after it renders: keep the bottom in view while they load.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (!el || !content.current) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);
  const trackScroll = () => {
    const el = scroller.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  const jumpTo = (id: string) => {
    const el = document.getElementById(`message-${id}`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    el?.animate([{ backgroundColor: 'rgba(37,211,102,0.25)' }, { backgroundColor: 'transparent' }], {
      duration: 1200,
    });
  };

  const now = chat.data?.now ?? new Date().toISOString();
  const serviceWindow = chat.data?.window;
  let lastDay = '';

  return (
    <div className="flex h-full flex-col">
      <header className="flex shrink-0 items-center gap-2.5 bg-[#008069] px-3 pt-1 pb-2 text-white">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full text-[13px] font-semibold text-white ring-2 ring-white/20"
          style={{ backgroundColor: avatarColor(phone.verifiedName) }}
          aria-hidden="true"
        >
          {initials(phone.verifiedName)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1 truncate text-[15.5px] leading-tight font-medium">
            <span className="truncate">{phone.verifiedName}</span>
            <VerifiedBadge className="size-4 shrink-0" />
          </p>
          <p className="truncate text-[12px] text-white">{phone.displayPhoneNumber}</p>
        </div>
        <button
          type="button"
          onClick={() => setAutoRead((v) => !v)}
          aria-pressed={autoRead}
          title={autoRead ? 'Reading messages as they arrive' : 'Not reading automatically'}
          className={`flex items-center gap-1 rounded-full px-2 py-1 text-[11px] font-medium transition-colors ${
            // Darker than the header, never lighter: white text keeps its 4.5:1 contrast.
            autoRead
              ? 'bg-black/25 text-white ring-1 ring-white/70'
              : 'text-white ring-1 ring-white/40 hover:bg-black/15'
          }`}
        >
          <EyeIcon className="size-3.5" />
          {autoRead ? 'Auto-read' : 'Manual'}
        </button>
      </header>

      <div
        ref={scroller}
        onScroll={trackScroll}
        className="relative min-h-0 flex-1 overflow-y-auto pt-2 pb-3"
        style={WALLPAPER}
        data-testid="sandbox-chat"
      >
        <SystemNote tone="warn">
          🔒 This chat runs on the Switchboard sandbox. Nothing leaves this server.
        </SystemNote>
        {serviceWindow && (
          <SystemNote tone={serviceWindow.open ? 'info' : 'plain'}>
            {serviceWindow.open && serviceWindow.closesAt
              ? `Customer service window open · ${formatDuration(new Date(serviceWindow.closesAt).getTime() - new Date(now).getTime())} left`
              : 'No open service window: the business can only send templates until you write.'}
          </SystemNote>
        )}
        {chat.isPending && <SystemNote>Loading messages…</SystemNote>}
        {chat.isSuccess && messages.length === 0 && (
          <SystemNote>Say hello to {phone.verifiedName}.</SystemNote>
        )}
        <div ref={content} className="mt-1 space-y-1">
          {messages.map((message) => {
            const day = dayLabel(message.timestamp, now);
            const separator = day !== lastDay;
            lastDay = day;
            return (
              <Fragment key={message.id}>
                {separator && (
                  <div className="sticky top-1 z-[1] flex justify-center py-1.5">
                    <span className="rounded-lg bg-white px-3 py-1 text-[12px] font-medium text-slate-500 shadow-[0_1px_0.5px_rgba(11,20,26,0.13)]">
                      {day}
                    </span>
                  </div>
                )}
                <MessageBubble
                  message={message}
                  onReact={(emoji) => react.mutate({ messageId: message.id, emoji })}
                  onReply={() => setReplyTo(message)}
                  onJumpTo={jumpTo}
                  onChoose={(optionId) => choose.mutate({ messageId: message.id, optionId })}
                />
              </Fragment>
            );
          })}
        </div>
        {!autoRead && unread > 0 && (
          <div className="sticky bottom-2 flex justify-center">
            <button
              type="button"
              onClick={() => markRead.mutate()}
              className="rounded-full bg-[#00a884] px-3.5 py-1.5 text-[12.5px] font-medium text-white shadow-pop hover:bg-[#029a79]"
            >
              Mark {unread} as read
            </button>
          </div>
        )}
      </div>

      {error && (
        <div
          className="flex shrink-0 items-start gap-2 bg-red-50 px-3 py-2 text-[12.5px] text-red-700"
          role="alert"
        >
          <span className="flex-1">{error}</span>
          <button type="button" className="font-medium underline" onClick={() => setError(null)}>
            Dismiss
          </button>
        </div>
      )}
      <Composer
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSendText={(text) => sendText.mutateAsync(text)}
        onSendFile={(file, asDocument, caption) => sendFile.mutateAsync({ file, asDocument, caption })}
        busy={sendText.isPending || sendFile.isPending}
      />
    </div>
  );
}
