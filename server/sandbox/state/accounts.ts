import { randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxPhoneNumbers } from '../../db/schema';
import { numericId } from './ids';
import { seedTemplates } from './templates';

export type SandboxPhoneNumber = typeof sandboxPhoneNumbers.$inferSelect;

/** Webhooks carry the business number as digits only ('15550101234'); Graph formats it ('+1 555-010-1234'). */
export function displayDigits(phone: Pick<SandboxPhoneNumber, 'displayPhoneNumber'>): string {
  return phone.displayPhoneNumber.replace(/\D/g, '');
}

function randomDisplayNumber(): string {
  const exchange = String(randomInt(0, 1000)).padStart(3, '0');
  const line = String(randomInt(0, 10_000)).padStart(4, '0');
  return `+1 555-${exchange}-${line}`;
}

/**
 * Meta's side of embedded signup: a business, its WhatsApp Business Account and one US test number
 * (+1 555 …) with an approved display name, plus the sample templates every new WABA gets.
 */
export async function createBusinessAccount(
  db: Executor,
  input: { businessName?: string },
): Promise<SandboxPhoneNumber> {
  const name = input.businessName?.trim() || `Sandbox Business ${randomInt(100, 1000)}`;
  const [row] = await db
    .insert(sandboxPhoneNumbers)
    .values({
      id: numericId(),
      wabaId: numericId(),
      businessId: numericId(),
      wabaName: name,
      displayPhoneNumber: randomDisplayNumber(),
      verifiedName: name,
    })
    .returning();
  await seedTemplates(db, row!.wabaId);
  return row!;
}

export async function findPhoneNumber(db: Executor, id: string): Promise<SandboxPhoneNumber | null> {
  const [row] = await db.select().from(sandboxPhoneNumbers).where(eq(sandboxPhoneNumbers.id, id)).limit(1);
  return row ?? null;
}

/** The numbers of a WABA, oldest first (the sandbox gives each WABA one). */
export async function phoneNumbersOfWaba(db: Executor, wabaId: string): Promise<SandboxPhoneNumber[]> {
  return db
    .select()
    .from(sandboxPhoneNumbers)
    .where(eq(sandboxPhoneNumbers.wabaId, wabaId))
    .orderBy(asc(sandboxPhoneNumbers.createdAt), asc(sandboxPhoneNumbers.id));
}

export async function listPhoneNumbers(db: Executor): Promise<SandboxPhoneNumber[]> {
  return db.select().from(sandboxPhoneNumbers).orderBy(asc(sandboxPhoneNumbers.createdAt));
}
