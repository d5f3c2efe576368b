/**
 * The live feed: `GET /api/live` upgraded to a WebSocket (same origin; the session cookie signs it in;
 * only active members of a team with an account get in — others get HTTP 401/403 and no socket).
 *
 * Protocol (JSON text frames):
 * - On connect the server sends `hello` with a `connectionId`. The socket is already subscribed to its
 *   rooms: the account's (every teammate) and the user's own.
 * - Then `event` frames: `{ type: 'event', event, data }`, typed by `ServerEventMap`. Every payload carries
 *   ids plus `updatedAt`; most carry the presented row, ready to write into the query cache. If a row
 *   in the cache is newer (`updatedAt`), keep the cache.
 * - `resync`: the server could not deliver everything (a slow socket, a restart, or the fan-out between
 *   server processes was interrupted). Refetch what is on screen (counts, the first page of the open
 *   tab, the open conversation's newest page).
 * - Reconnect with backoff (the spec's load retry: 2 s, 4 s, 5 s…, capped at 5 s). Every `hello` after
 *   the first one on a page means events may have been missed: treat it exactly like `resync`.
 * - Heartbeat: the server pings (WebSocket ping frames) every 25 s and closes a socket that missed two.
 *   Browsers answer pings themselves; a client may also send `{ "type": "ping" }` and get `pong`.
 * - Close codes: 4401 signed out / session expired (go to sign-in), 4403 no longer in the team.
 */
import type { ChatBotState } from './api/ai-bot';
import type { ContactImport } from './api/contact-imports';
import type { ContactListItem, InboxMessage, MessageReaction } from './api/inbox';

export const LIVE_PATH = '/api/live';
export const LIVE_HEARTBEAT_MS = 25_000;
export const LIVE_CLOSE = { unauthorized: 4401, forbidden: 4403 } as const;

/** The server → browser events, by name (`noun.pastVerb`). */
export type ServerEventMap = {
  /** A new message in a thread (a customer wrote, or a teammate sent one: match `clientRef`). */
  'message.created': {
    accountId: string;
    contactId: string;
    messageId: string;
    updatedAt: string;
    message: InboxMessage;
    /** A customer's new message that should raise a notification (false for blocked contacts). */
    notify: boolean;
    /**
     * The contact's list row after this message (last message, unread count), on the contact's newest
     * message of a batch; then no contact.updated follows for it. Null when another frame carries it.
     */
    contact: ContactListItem | null;
  };
  /** Status, provider id, error or media of a message changed (sent → delivered → read, failed…). */
  'message.updated': {
    accountId: string;
    contactId: string;
    messageId: string;
    updatedAt: string;
    message: InboxMessage;
  };
  /** The reactions on a message changed; `reactions` is the full current list for the target. */
  'reaction.changed': {
    accountId: string;
    contactId: string;
    /** Null when the target message is not stored (yet). */
    messageId: string | null;
    targetExternalId: string;
    updatedAt: string;
    reactions: MessageReaction[];
    /**
     * The business's own reaction including a failed one (left out of `reactions`): toast 'Reaction
     * sent' when it turns sent, 'Failed to send reaction' when it turns failed. Null: none.
     */
    business: { emoji: string; status: string; sentBy: string | null } | null;
  };
  /** A contact's list row changed (new last message, unread count, name, archive, block…). */
  'contact.updated': {
    accountId: string;
    contactId: string;
    updatedAt: string;
    contact: ContactListItem;
  };
  /** Assignment changed: move the row between tabs (assignee null = unassigned). */
  'contact.assigned': {
    accountId: string;
    contactId: string;
    assigneeId: string | null;
    updatedAt: string;
    contact: ContactListItem;
  };
  /** The contact's tags changed (or a tag was renamed/deleted: then contactId is null, refetch tags). */
  'contact.tagged': {
    accountId: string;
    contactId: string | null;
    updatedAt: string;
    contact: ContactListItem | null;
  };
  /** A contact was deleted: drop it from lists and close its conversation. */
  'contact.deleted': { accountId: string; contactId: string; updatedAt: string };
  /** A template's review status changed: refetch templates. */
  'template.updated': { accountId: string; templateId: string; updatedAt: string };
  /**
   * Many contacts changed at once (a bulk action over a filter, an import batch): refetch contact lists,
   * counts and open panels rather than expecting a frame per contact.
   */
  'contacts.changed': { accountId: string; updatedAt: string; count: number };
  /** A segment was saved, changed or deleted (`deleted`): refetch segments and their counts. */
  'segment.changed': { accountId: string; segmentId: string; deleted: boolean; updatedAt: string };
  /** A campaign was created, changed or deleted (`deleted`): refetch the campaigns. */
  'campaign.changed': { accountId: string; campaignId: string; deleted: boolean; updatedAt: string };
  /**
   * A campaign's messages in these chats were sent or failed (a batch of up to 1,000 chats): refetch an
   * open chat among them, and the chat lists a little later (a campaign sends this several times a second).
   */
  'campaign.messages_changed': { accountId: string; contactIds: string[]; updatedAt: string };
  /** An import moved on (rows done, counts, status): the progress bar and the summary. */
  'contact_import.progress': {
    accountId: string;
    importId: string;
    updatedAt: string;
    import: ContactImport;
  };
  /** A custom contact field was defined, changed (label, options, order) or deleted: refetch the fields. */
  'contact_field.changed': { accountId: string; fieldId: string; updatedAt: string };
  /**
   * The AI bot's state in a chat changed (common/api/ai-bot.ts): paused, resumed, or handed over.
   * `notify`: the bot handed the chat to the team — tell teammates ("AI bot handed over <name>: <reason>").
   */
  'ai_bot.chat_changed': {
    accountId: string;
    contactId: string;
    updatedAt: string;
    bot: ChatBotState;
    notify: boolean;
    /** The contact's display name ('' when unknown: the UI shows the phone). */
    contactName: string;
    phone: string;
  };
};

export type ServerEventName = keyof ServerEventMap;

export type ServerEventFrame = {
  [E in ServerEventName]: { type: 'event'; event: E; data: ServerEventMap[E] };
}[ServerEventName];

export type ServerFrame =
  | {
      type: 'hello';
      connectionId: string;
      userId: string;
      accountId: string;
      /** The server's messaging clock (see ContactListResponse.serverNow). */
      serverNow: string;
      heartbeatMs: number;
    }
  | ServerEventFrame
  | { type: 'resync'; reason: 'overflow' | 'restart' | 'fanout' }
  | { type: 'pong'; serverNow: string };

export type ClientFrame = { type: 'ping' };

/** Room names: one per account (the whole team) and one per user. */
export const rooms = {
  account: (accountId: string) => `account:${accountId}`,
  user: (userId: string) => `user:${userId}`,
} as const;
