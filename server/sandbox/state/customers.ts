import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxCustomers, sandboxMessages } from '../../db/schema';

export type SandboxCustomer = typeof sandboxCustomers.$inferSelect;
export type SandboxMessageRow = typeof sandboxMessages.$inferSelect;

/** A name for someone the business wrote to first (their profile name is theirs to set; this is a stand-in). */
export function defaultCustomerName(waId: string): string {
  return `Customer ${waId.slice(-4)}`;
}

export async function findCustomer(
  db: Executor,
  phoneNumberId: string,
  waId: string,
): Promise<SandboxCustomer | null> {
  const [row] = await db
    .select()
    .from(sandboxCustomers)
    .where(and(eq(sandboxCustomers.phoneNumberId, phoneNumberId), eq(sandboxCustomers.waId, waId)))
    .limit(1);
  return row ?? null;
}

/** Creates the customer (with a stand-in name) when the business writes to a new number. */
export async function ensureCustomer(
  db: Executor,
  phoneNumberId: string,
  waId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(sandboxCustomers)
    .values({ phoneNumberId, waId, name: defaultCustomerName(waId), createdAt: now })
    .onConflictDoNothing();
}

/** Creates a customer, or renames an existing one (the name is their WhatsApp profile name). */
export async function saveCustomer(
  db: Executor,
  input: { phoneNumberId: string; waId: string; name: string },
  now: Date,
): Promise<SandboxCustomer> {
  const [row] = await db
    .insert(sandboxCustomers)
    .values({ ...input, createdAt: now })
    .onConflictDoUpdate({
      target: [sandboxCustomers.phoneNumberId, sandboxCustomers.waId],
      set: { name: input.name },
    })
    .returning();
  return row!;
}

export type CustomerSummary = SandboxCustomer & {
  lastMessage: SandboxMessageRow | null;
  /** Business messages the customer has not read yet. */
  unread: number;
};

/** The chat list of a business number: customers with their last message, most recent first. */
export async function listCustomers(db: Executor, phoneNumberId: string): Promise<CustomerSummary[]> {
  const customers = await db
    .select()
    .from(sandboxCustomers)
    .where(eq(sandboxCustomers.phoneNumberId, phoneNumberId))
    .orderBy(asc(sandboxCustomers.createdAt));
  if (customers.length === 0) return [];
  const waIds = customers.map((c) => c.waId);

  const last = await db
    .selectDistinctOn([sandboxMessages.customerWaId])
    .from(sandboxMessages)
    .where(
      and(
        eq(sandboxMessages.phoneNumberId, phoneNumberId),
        inArray(sandboxMessages.customerWaId, waIds),
        ne(sandboxMessages.type, 'reaction'),
      ),
    )
    .orderBy(sandboxMessages.customerWaId, desc(sandboxMessages.id));
  const unread = await db
    .select({ waId: sandboxMessages.customerWaId, count: sql<number>`count(*)::int` })
    .from(sandboxMessages)
    .where(
      and(
        eq(sandboxMessages.phoneNumberId, phoneNumberId),
        eq(sandboxMessages.direction, 'to_customer'),
        ne(sandboxMessages.type, 'reaction'),
        inArray(sandboxMessages.status, ['sent', 'delivered']),
      ),
    )
    .groupBy(sandboxMessages.customerWaId);

  const lastBy = new Map(last.map((m) => [m.customerWaId, m]));
  const unreadBy = new Map(unread.map((u) => [u.waId, Number(u.count)]));
  return customers
    .map((c) => ({ ...c, lastMessage: lastBy.get(c.waId) ?? null, unread: unreadBy.get(c.waId) ?? 0 }))
    .sort(
      (a, b) =>
        (b.lastMessage?.createdAt ?? b.createdAt).getTime() -
        (a.lastMessage?.createdAt ?? a.createdAt).getTime(),
    );
}
