import type { InboxMessage } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDownIcon } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { markRead } from '../../../api/messageActions';
import { messageKey } from '../../../api/messageList';
import { Spinner } from '../../../components/Spinner';
import { withDateSeparators } from '../dateGroups';
import { type BubbleActions, MessageBubble } from './MessageBubble';

/** Spec §4: follow new messages only while the reader is within 50 px of the bottom. */
export const STICK_TO_BOTTOM_PX = 50;
/** Start loading older messages this far before the top. */
const LOAD_OLDER_PX = 400;
/** A faint dotted paper behind the bubbles. */
const WALLPAPER = {
  backgroundImage:
    'radial-gradient(rgb(120 110 90 / 0.07) 1px, transparent 1.2px), radial-gradient(rgb(120 110 90 / 0.05) 1px, transparent 1.2px)',
  backgroundSize: '22px 22px, 22px 22px',
  backgroundPosition: '0 0, 11px 11px',
};

type MessageListProps = {
  messages: InboxMessage[];
  contactName: string;
  meId: string | null;
  now: number;
  progress: ReadonlyMap<string, number | null>;
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  actions: BubbleActions;
};

function distanceFromBottom(element: HTMLElement): number {
  return element.scrollHeight - element.scrollTop - element.clientHeight;
}

/**
 * The messages of the open conversation with date separators. Scrolling: starts at the bottom, follows
 * new outgoing messages and new ones while the reader is near the bottom, keeps the reader's place
 * when older pages load above, and offers a jump button otherwise. Incoming messages more than half
 * visible send their read receipt.
 */
export function MessageList({
  messages,
  contactName,
  meId,
  now,
  progress,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  actions,
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const previous = useRef<{ first: string | null; last: string | null }>({ first: null, last: null });
  const restoreFromBottom = useRef<number | null>(null);
  const [unseenBelow, setUnseenBelow] = useState(0);

  const items = useMemo(() => withDateSeparators(messages, now, messageKey), [messages, now]);

  const scrollToBottom = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    nearBottom.current = true;
    setUnseenBelow(0);
  }, []);

  const handleScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    nearBottom.current = distanceFromBottom(element) <= STICK_TO_BOTTOM_PX;
    if (nearBottom.current) setUnseenBelow(0);
    if (
      element.scrollTop < LOAD_OLDER_PX &&
      hasOlder &&
      !isLoadingOlder &&
      restoreFromBottom.current === null
    ) {
      restoreFromBottom.current = element.scrollHeight - element.scrollTop;
      onLoadOlder();
    }
  };

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const first = messages[0] ? messageKey(messages[0]) : null;
    const lastMessage = messages.at(-1);
    const last = lastMessage ? messageKey(lastMessage) : null;
    const before = previous.current;
    previous.current = { first, last };

    if (before.last === null && last !== null) {
      scrollToBottom();
      return;
    }
    if (first !== before.first && restoreFromBottom.current !== null) {
      // Older messages arrived above: keep what the reader was looking at in place.
      element.scrollTop = element.scrollHeight - restoreFromBottom.current;
      restoreFromBottom.current = null;
    }
    if (last !== before.last && lastMessage) {
      if (lastMessage.direction === 'outgoing' || nearBottom.current) scrollToBottom();
      else setUnseenBelow((n) => n + 1);
    }
  }, [messages, scrollToBottom]);

  // A finished older-page load that brought nothing new must not block the next one.
  useEffect(() => {
    if (!isLoadingOlder && restoreFromBottom.current !== null) {
      const timer = window.setTimeout(() => {
        restoreFromBottom.current = null;
      }, 50);
      return () => window.clearTimeout(timer);
    }
  }, [isLoadingOlder]);

  // Pictures, reactions and fonts change heights after render: stay pinned to the bottom if we were.
  useEffect(() => {
    const content = contentRef.current;
    if (!content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (nearBottom.current) scrollToBottom();
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, [scrollToBottom]);

  useReadReceipts(scrollRef, messages);

  const jumpTo = useCallback((messageId: string) => {
    const target = scrollRef.current?.querySelector<HTMLElement>(
      `[data-message-id="${CSS.escape(messageId)}"]`,
    );
    if (!target) return;
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target.animate(
      [{ backgroundColor: 'rgb(37 211 102 / 0.25)' }, { backgroundColor: 'rgb(37 211 102 / 0)' }],
      { duration: 1400, easing: 'ease-out' },
    );
  }, []);
  const bubbleActions = useMemo(() => ({ ...actions, onJump: jumpTo }), [actions, jumpTo]);

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={handleScroll}
        className="absolute inset-0 overflow-y-auto bg-[#efeae2] [overflow-anchor:none]"
        style={WALLPAPER}
        data-testid="message-list"
        aria-label="Messages"
        role="log"
      >
        <div
          ref={contentRef}
          className="mx-auto flex min-h-full max-w-[1100px] flex-col justify-end pt-3 pb-4"
        >
          <div className="flex min-h-10 items-center justify-center px-4">
            {isLoadingOlder ? (
              <Spinner className="size-5 text-slate-500" label="Loading older messages" />
            ) : !hasOlder && messages.length > 0 ? (
              <span className="rounded-lg bg-white/70 px-3 py-1 text-center text-xs text-slate-500">
                Start of your conversation with {contactName}
              </span>
            ) : null}
          </div>
          {items.map((item, index) => {
            if (item.kind === 'separator') {
              return (
                <div key={item.key} className="sticky top-2 z-[5] flex justify-center py-2">
                  <span className="rounded-lg bg-white px-3 py-1 text-xs font-medium text-slate-600 shadow-[0_1px_0.5px_rgba(11,20,26,0.13)]">
                    {item.label}
                  </span>
                </div>
              );
            }
            const before = items[index - 1];
            const isFirstInGroup =
              !before || before.kind === 'separator' || before.message.direction !== item.message.direction;
            return (
              <MessageBubble
                key={item.key}
                message={item.message}
                contactName={contactName}
                meId={meId}
                isFirstInGroup={isFirstInGroup}
                progress={progress.get(item.message.id) ?? null}
                actions={bubbleActions}
              />
            );
          })}
        </div>
      </div>
      {unseenBelow > 0 && (
        <button
          type="button"
          onClick={scrollToBottom}
          className="absolute right-6 bottom-4 z-10 flex items-center gap-1.5 rounded-full bg-white py-2 pr-3 pl-3.5 text-xs font-medium text-slate-700 shadow-pop ring-1 ring-slate-900/10 hover:bg-slate-50"
        >
          {unseenBelow === 1 ? '1 new message' : `${unseenBelow} new messages`}
          <ChevronDownIcon className="size-4" />
        </button>
      )}
    </div>
  );
}

/**
 * Read receipts (spec §4): an incoming message that is more than 50 % visible (while the tab is
 * visible), not read yet and with a provider id gets one receipt. The newest such message is enough:
 * the server marks the earlier ones read with it.
 */
function useReadReceipts(scrollRef: React.RefObject<HTMLDivElement | null>, messages: InboxMessage[]) {
  const client = useQueryClient();
  const byId = useRef(new Map<string, InboxMessage>());
  const observerRef = useRef<IntersectionObserver | null>(null);

  byId.current = new Map(messages.filter((m) => m.abilities.markRead).map((m) => [m.id, m]));

  useEffect(() => {
    const root = scrollRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (document.visibilityState !== 'visible') return;
        const visible: InboxMessage[] = [];
        for (const entry of entries) {
          const rootHeight = entry.rootBounds?.height ?? Number.POSITIVE_INFINITY;
          const enough = entry.intersectionRatio > 0.5 || entry.intersectionRect.height > rootHeight * 0.5;
          const id = (entry.target as HTMLElement).dataset.messageId;
          const message = id ? byId.current.get(id) : undefined;
          if (enough && message) {
            visible.push(message);
            observer.unobserve(entry.target);
          }
        }
        const newest = visible.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))[0];
        if (newest) void markRead(client, newest);
      },
      { root, threshold: [0, 0.5, 0.51, 1] },
    );
    observerRef.current = observer;
    const reobserve = () => {
      if (document.visibilityState !== 'visible') return;
      observer.disconnect();
      for (const element of root.querySelectorAll<HTMLElement>('[data-message-id]')) {
        if (byId.current.has(element.dataset.messageId ?? '')) observer.observe(element);
      }
    };
    document.addEventListener('visibilitychange', reobserve);
    return () => {
      document.removeEventListener('visibilitychange', reobserve);
      observer.disconnect();
      observerRef.current = null;
    };
  }, [client, scrollRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new messages bring new elements to watch
  useEffect(() => {
    const root = scrollRef.current;
    const observer = observerRef.current;
    if (!root || !observer) return;
    for (const element of root.querySelectorAll<HTMLElement>('[data-message-id]')) {
      if (byId.current.has(element.dataset.messageId ?? '')) observer.observe(element);
    }
  }, [messages, scrollRef]);
}
