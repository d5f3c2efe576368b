import type { InboxMessage } from '@common/api/inbox';
import {
  type ClientFrame,
  LIVE_CLOSE,
  LIVE_PATH,
  type ServerEventFrame,
  type ServerEventMap,
  type ServerEventName,
  type ServerFrame,
} from '@common/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { applyChatBotFrame } from './aiBot';
import { campaignAppliers } from './campaigns';
import { contactFieldAppliers } from './contactFields';
import { crmAppliers } from './crmLive';
import { applyContact, inboxAppliers, loadRetryDelay } from './inbox';
import { messageAppliers } from './messages';
import { noteServerNow } from './serverClock';

/**
 * The live feed (common/realtime.ts): one WebSocket at /api/live, reconnecting by itself with the
 * load-retry backoff (2 s, 4 s, then 5 s), and the table that sends each event to its domain's
 * applier. Any `hello` after the first, and every `resync`, means events may have been missed.
 */

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export type ApplyContext = {
  client: QueryClient;
  meId: string | null;
  onIncoming?: (message: InboxMessage) => void;
};

type Applier<E extends ServerEventName> = (context: ApplyContext, data: ServerEventMap[E]) => void;

/** One applier per event, split by domain (contacts in inbox.ts, messages in messages.ts). */
export const liveAppliers: { [E in ServerEventName]: Applier<E> } = {
  ...inboxAppliers,
  ...messageAppliers,
  ...crmAppliers,
  ...contactFieldAppliers,
  ...campaignAppliers,
  // A new message brings its contact's list row along (no contact.updated follows for it).
  'message.created': (context, data) => {
    messageAppliers['message.created'](context, data);
    if (data.contact) applyContact(context.client, data.contact, context.meId);
  },
  'template.updated': ({ client }) => {
    void client.invalidateQueries({ queryKey: ['templates'] });
  },
  // The AI bot's state in a chat (common/api/ai-bot.ts); a hand-over by the bot is a toast for all.
  'ai_bot.chat_changed': ({ client }, data) => applyChatBotFrame(client, data),
};

export function applyServerEvent(context: ApplyContext, frame: ServerEventFrame): void {
  const applier = liveAppliers[frame.event] as Applier<typeof frame.event> | undefined;
  applier?.(context, frame.data as never);
}

export function parseFrame(text: unknown): ServerFrame | null {
  if (typeof text !== 'string') return null;
  try {
    const frame = JSON.parse(text) as ServerFrame;
    return frame && typeof frame === 'object' && typeof frame.type === 'string' ? frame : null;
  } catch {
    return null;
  }
}

export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;
}

export type LiveOptions = {
  onEvent: (frame: ServerEventFrame) => void;
  /** Events may have been missed (a reconnect or the server's resync): refetch what is on screen. */
  onResync: () => void;
  onStatus?: (status: LiveStatus) => void;
  /** Signed out (4401) or removed from the team (4403): do not reconnect. */
  onEnded?: (code: number) => void;
  /** Injected in tests. */
  createSocket?: (url: string) => WebSocket;
  retryDelay?: (attempt: number) => number;
};

export type LiveConnection = {
  /** Sends `{type:'ping'}`; the `pong` carries the server's clock. */
  ping: () => void;
  /** Reconnects now if the socket is down (e.g. the tab came back). */
  wake: () => void;
  close: () => void;
};

export function connectLive(options: LiveOptions): LiveConnection {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const retryDelay = options.retryDelay ?? loadRetryDelay;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let helloCount = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const status = (s: LiveStatus) => options.onStatus?.(s);

  const scheduleReconnect = () => {
    if (stopped || timer) return;
    status('reconnecting');
    timer = setTimeout(() => {
      timer = null;
      open();
    }, retryDelay(attempt));
    attempt += 1;
  };

  const open = () => {
    if (stopped) return;
    status(helloCount === 0 ? 'connecting' : 'reconnecting');
    let ws: WebSocket;
    try {
      ws = createSocket(liveUrl());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (!frame) return;
      if (frame.type === 'hello') {
        attempt = 0;
        helloCount += 1;
        noteServerNow(frame.serverNow);
        status('open');
        if (helloCount > 1) options.onResync();
      } else if (frame.type === 'resync') {
        options.onResync();
      } else if (frame.type === 'pong') {
        noteServerNow(frame.serverNow);
      } else if (frame.type === 'event') {
        options.onEvent(frame);
      }
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === LIVE_CLOSE.unauthorized || event.code === LIVE_CLOSE.forbidden) {
        stopped = true;
        status('closed');
        options.onEnded?.(event.code);
        return;
      }
      scheduleReconnect();
    };
    ws.onerror = () => {
      // onclose follows and schedules the reconnect.
    };
  };

  open();

  return {
    ping() {
      if (socket?.readyState === WebSocket.OPEN) {
        const frame: ClientFrame = { type: 'ping' };
        socket.send(JSON.stringify(frame));
      }
    },
    wake() {
      if (stopped || socket) return;
      if (timer) clearTimeout(timer);
      timer = null;
      open();
    },
    close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const ws = socket;
      socket = null;
      ws?.close(1000);
      status('closed');
    },
  };
}
