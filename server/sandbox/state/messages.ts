import type { ContactCard, InteractiveContent, InteractiveReply } from '@common/api/sandbox';
import { and, asc, desc, eq, inArray, lte, max, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxMessages } from '../../db/schema';

export type SandboxMessage = typeof sandboxMessages.$inferSelect;
export type Direction = SandboxMessage['direction'];
export type SandboxStatus = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * What a sandbox message row holds in `payload`: the type's object as on the wire (text, image…,
 * reaction), the quoted message, and for business messages the billing facts status webhooks carry.
 */
export type MessagePayload = {
  text?: { body: string };
  image?: MediaRef;
  video?: MediaRef;
  audio?: MediaRef;
  document?: MediaRef;
  sticker?: MediaRef;
  reaction?: { message_id: string; emoji: string };
  location?: { latitude: number; longitude: number; name?: string; address?: string; url?: string };
  /** A business's reply-button, list or link-button message. */
  interactive?: InteractiveContent;
  contacts?: ContactCard[];
  /** A customer's tap on a button or list row (`interactive` on the wire). */
  reply?: InteractiveReply;
  template?: {
    name: string;
    language: string;
    category: string;
    rendered: import('../templates/render').RenderedTemplate;
  };
  context?: { message_id: string; from: string };
  billing?: Billing;
  biz_opaque_callback_data?: string;
};

export type MediaRef = {
  id: string;
  mime_type: string;
  sha256: string;
  caption?: string;
  filename?: string;
  /** audio: recorded as a voice note. */
  voice?: boolean;
};
export type Billing = {
  conversationId: string;
  /** Unix seconds when this conversation's 24 hours end. */
  expiresAt: number;
  category: string;
  type: 'regular' | 'free_customer_service';
  billable: boolean;
};

/** Statuses only move forward: a later status never goes back to an earlier one. */
const EARLIER: Record<'delivered' | 'read', SandboxStatus[]> = {
  delivered: ['sent'],
  read: ['sent', 'delivered'],
};

export async function insertMessage(
  db: Executor,
  row: Omit<typeof sandboxMessages.$inferInsert, 'id' | 'payload'> & { payload: MessagePayload },
): Promise<SandboxMessage> {
  const [inserted] = await db.insert(sandboxMessages).values(row).returning();
  return inserted!;
}

export async function findMessage(db: Executor, wamid: string): Promise<SandboxMessage | null> {
  const [row] = await db.select().from(sandboxMessages).where(eq(sandboxMessages.wamid, wamid)).limit(1);
  return row ?? null;
}

/** A message of one chat (either direction), or null. */
export async function findChatMessage(
  db: Executor,
  chat: { phoneNumberId: string; customerWaId: string },
  wamid: string,
): Promise<SandboxMessage | null> {
  const row = await findMessage(db, wamid);
  return row && row.phoneNumberId === chat.phoneNumberId && row.customerWaId === chat.customerWaId
    ? row
    : null;
}

/** When the customer last wrote to the business (sandbox time): the start of the 24-hour window. */
export async function lastInboundAt(
  db: Executor,
  phoneNumberId: string,
  customerWaId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(sandboxMessages.createdAt) })
    .from(sandboxMessages)
    .where(
      and(
        eq(sandboxMessages.phoneNumberId, phoneNumberId),
        eq(sandboxMessages.customerWaId, customerWaId),
        eq(sandboxMessages.direction, 'to_business'),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** Moves a message to `status` if that is forward; returns the row when it moved. */
export async function advanceStatus(
  db: Executor,
  wamid: string,
  status: 'delivered' | 'read',
): Promise<SandboxMessage | null> {
  const [row] = await db
    .update(sandboxMessages)
    .set({ status })
    .where(and(eq(sandboxMessages.wamid, wamid), inArray(sandboxMessages.status, EARLIER[status])))
    .returning();
  return row ?? null;
}

/** The customer opened the chat: every unread business message (not reactions) becomes read. */
export async function markBusinessMessagesRead(
  db: Executor,
  phoneNumberId: string,
  customerWaId: string,
): Promise<SandboxMessage[]> {
  return db
    .update(sandboxMessages)
    .set({ status: 'read' })
    .where(
      and(
        eq(sandboxMessages.phoneNumberId, phoneNumberId),
        eq(sandboxMessages.customerWaId, customerWaId),
        eq(sandboxMessages.direction, 'to_customer'),
        ne(sandboxMessages.type, 'reaction'),
        inArray(sandboxMessages.status, EARLIER.read),
      ),
    )
    .returning();
}

/** The business marked a customer message read: it and every earlier one of the chat turn read. */
export async function markCustomerMessagesRead(db: Executor, upTo: SandboxMessage): Promise<number> {
  const rows = await db
    .update(sandboxMessages)
    .set({ status: 'read' })
    .where(
      and(
        eq(sandboxMessages.phoneNumberId, upTo.phoneNumberId),
        eq(sandboxMessages.customerWaId, upTo.customerWaId),
        eq(sandboxMessages.direction, 'to_business'),
        lte(sandboxMessages.id, upTo.id),
        inArray(sandboxMessages.status, EARLIER.read),
      ),
    )
    .returning({ id: sandboxMessages.id });
  return rows.length;
}

/** The app answered 200 to the webhook carrying these customer messages. */
export async function markDeliveredToApp(db: Executor, wamids: string[]): Promise<void> {
  if (wamids.length === 0) return;
  await db
    .update(sandboxMessages)
    .set({ status: 'delivered' })
    .where(and(inArray(sandboxMessages.wamid, wamids), eq(sandboxMessages.status, 'sent')));
}

/** The last `limit` messages of a chat, oldest first. */
export async function listChat(
  db: Executor,
  phoneNumberId: string,
  customerWaId: string,
  limit = 300,
): Promise<SandboxMessage[]> {
  const rows = await db
    .select()
    .from(sandboxMessages)
    .where(
      and(eq(sandboxMessages.phoneNumberId, phoneNumberId), eq(sandboxMessages.customerWaId, customerWaId)),
    )
    .orderBy(desc(sandboxMessages.id))
    .limit(limit);
  return rows.reverse();
}

export async function messagesByWamid(db: Executor, wamids: string[]): Promise<SandboxMessage[]> {
  if (wamids.length === 0) return [];
  return db
    .select()
    .from(sandboxMessages)
    .where(inArray(sandboxMessages.wamid, wamids))
    .orderBy(asc(sandboxMessages.id));
}
