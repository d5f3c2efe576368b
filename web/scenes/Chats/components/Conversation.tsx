import { INBOX_MSG, type InboxMessage } from '@common/api/inbox';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, TriangleAlertIcon } from 'lucide-react';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { findCachedContact } from '../../../api/inbox';
import { react } from '../../../api/messageActions';
import { type ConversationPages, isTempId, mergeConversation } from '../../../api/messageList';
import {
  addStoredMessage,
  conversationQuery,
  isWindowClosedError,
  messageKeys,
  outbox,
  refreshConversationHead,
  retryStoredMessage,
  sendMedia,
  sendText,
} from '../../../api/messages';
import { type RichSend, sendRich } from '../../../api/richSends';
import { Avatar } from '../../../components/Avatar';
import { Spinner } from '../../../components/Spinner';
import { COPY } from '../../../copy';
import { useServerNow } from '../../../hooks/useServerNow';
import type { PreparedAttachment } from '../attachments';
import { isWindowOpen } from '../windowStatus';
import { ArchivedBanner } from './ArchivedBanner';
import { ChatBotBar } from './bot/ChatBotBar';
import { Composer } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import { MessageList } from './MessageList';
import { TemplateModal } from './TemplateModal';

type ConversationProps = {
  contactId: string;
  meId: string | null;
  onBack: () => void;
  /** Opens the contact panel (a click on the header's avatar and name). */
  onOpenDetails?: () => void;
};

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-[#efeae2] px-6 text-center">
      {children}
    </div>
  );
}

/** The open chat: header, messages (older ones on scroll up), composer and the template modal. */
export function Conversation({ contactId, meId, onBack, onOpenDetails }: ConversationProps) {
  const client = useQueryClient();
  const query = useInfiniteQuery(conversationQuery(contactId));
  const outboxState = useSyncExternalStore(outbox.subscribe, outbox.get);
  const now = useServerNow();
  const [replyTo, setReplyTo] = useState<InboxMessage | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);

  const entries = outboxState.get(contactId);
  const pages = query.data?.pages;
  const messages = useMemo(
    () =>
      mergeConversation(
        (pages ?? []).flatMap((p) => p.messages),
        (entries ?? []).map((e) => e.message),
      ),
    [pages, entries],
  );
  const progress = useMemo(
    () => new Map((entries ?? []).map((e) => [e.message.id, e.progress] as const)),
    [entries],
  );

  const contact = pages?.[0]?.contact ?? null;
  const contactName = contact?.name || INBOX_MSG.unknownName;

  /** The server refused a free-form message: lock the composer now and offer templates. */
  const handleWindowClosed = useCallback(() => {
    client.setQueryData<ConversationPages>(messageKeys.conversation(contactId), (data) => {
      const first = data?.pages[0];
      if (!data || !first) return data;
      const locked = { ...first.contact, abilities: { ...first.contact.abilities, sendFreeform: false } };
      return { ...data, pages: [{ ...first, contact: locked }, ...data.pages.slice(1)] };
    });
    setTemplatesOpen(true);
    void refreshConversationHead(client, contactId).catch(() => {});
  }, [client, contactId]);

  // The toast comes from the send itself (data/messages.ts); here only the window matters.
  const handleSendFailure = useCallback(
    (error: unknown) => {
      if (isWindowClosedError(error)) handleWindowClosed();
    },
    [handleWindowClosed],
  );

  const actions = useMemo(
    () => ({
      onReply: (message: InboxMessage) => setReplyTo(message),
      onReact: (message: InboxMessage, emoji: string) => void react(client, message, emoji),
      onRetry: (message: InboxMessage) => {
        if (isTempId(message.id)) {
          outbox
            .get()
            .get(contactId)
            ?.find((e) => e.message.id === message.id)
            ?.resend();
        } else void retryStoredMessage(client, message);
      },
      onJump: () => {},
      onUseTemplate: () => setTemplatesOpen(true),
    }),
    [client, contactId],
  );

  if (query.isPending) {
    const cached = findCachedContact(client, contactId);
    return (
      <>
        <header className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4">
          <button
            type="button"
            onClick={onBack}
            aria-label="Back to contacts"
            className="rounded-full p-1.5 text-slate-500 md:hidden"
          >
            <ArrowLeftIcon className="size-5" />
          </button>
          {cached ? (
            <>
              <Avatar id={cached.id} name={cached.name} size="lg" />
              <div className="min-w-0">
                <p className="truncate text-[15px] font-semibold text-slate-900">
                  {cached.name || INBOX_MSG.unknownName}
                </p>
                <p className="text-xs text-slate-500">{cached.phone}</p>
              </div>
            </>
          ) : (
            <div className="h-10 w-48 animate-pulse rounded-lg bg-slate-100" />
          )}
        </header>
        <Centered>
          <Spinner className="size-6 text-brand-600" />
          <p className="text-sm text-slate-600">{INBOX_MSG.loadingMessages}</p>
        </Centered>
      </>
    );
  }

  if (query.isError || !contact) {
    return (
      <Centered>
        <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-100">
          <TriangleAlertIcon className="size-6" />
        </span>
        <p className="text-sm font-medium text-slate-800" role="alert">
          {INBOX_MSG.errorLoadingMessages}
        </p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="h-9 rounded-lg bg-white px-4 text-sm font-medium text-slate-700 shadow-xs ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {COPY.tryAgain}
        </button>
      </Centered>
    );
  }

  const canSend = isWindowOpen(contact, now);
  const context = { client, contactId, replyTo };

  const handleSendText = async (text: string) => {
    setReplyTo(null);
    try {
      await sendText(context, text);
    } catch (error) {
      handleSendFailure(error);
      throw error;
    }
  };

  const handleSendMedia = async (attachment: PreparedAttachment, caption: string) => {
    setReplyTo(null);
    try {
      await sendMedia(context, { ...attachment, caption });
    } catch (error) {
      handleSendFailure(error);
      throw error;
    }
  };

  const handleSendVoice = async (recording: File) => {
    setReplyTo(null);
    try {
      await sendMedia(context, {
        kind: 'audio',
        voice: true,
        file: recording,
        thumbnail: null,
        caption: '',
        previewUrl: null,
      });
    } catch (error) {
      handleSendFailure(error);
      throw error;
    }
  };

  const handleSendRich = async (send: RichSend) => {
    setReplyTo(null);
    try {
      await sendRich(context, send);
    } catch (error) {
      handleSendFailure(error);
      throw error;
    }
  };

  return (
    <>
      <ConversationHeader contact={contact} now={now} onBack={onBack} onOpenDetails={onOpenDetails} />
      {contact.archived && <ArchivedBanner contact={contact} meId={meId} />}
      <ChatBotBar contact={contact} />
      <MessageList
        messages={messages}
        contactName={contactName}
        meId={meId}
        now={now}
        progress={progress}
        hasOlder={Boolean(query.hasNextPage)}
        isLoadingOlder={query.isFetchingNextPage}
        onLoadOlder={() => void query.fetchNextPage()}
        actions={actions}
      />
      <Composer
        key={contactId}
        contactId={contactId}
        contactName={contactName}
        canSend={canSend}
        neverMessaged={!contact.lastIncomingAt}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSendText={handleSendText}
        onSendMedia={handleSendMedia}
        onSendRich={handleSendRich}
        onSendVoice={handleSendVoice}
        onOpenTemplates={() => setTemplatesOpen(true)}
      />
      <TemplateModal
        isOpen={templatesOpen}
        onClose={() => setTemplatesOpen(false)}
        contactId={contactId}
        contactName={contact.name}
        onSent={(message) => addStoredMessage(client, message)}
      />
    </>
  );
}
