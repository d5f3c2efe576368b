import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import { findPhoneNumber, type SandboxPhoneNumber } from '../state/accounts';
import { findCustomer } from '../state/customers';

/** What the phone API's route files share: access, tags, path params and lookups that 404. */
export const publicRoute = { access: 'public' as const };
export const tags = ['sandbox'];
export const phoneParams = z.object({ phoneNumberId: z.string().regex(/^\d+$/) });
export const chatParams = phoneParams.extend({ waId: z.string().regex(/^\d{7,15}$/) });

export async function phoneOr404(db: Database, id: string): Promise<SandboxPhoneNumber> {
  const phone = await findPhoneNumber(db, id);
  if (!phone) throw notFound('No sandbox phone number with that id.');
  return phone;
}

export async function chatOr404(db: Database, params: z.infer<typeof chatParams>) {
  const phone = await phoneOr404(db, params.phoneNumberId);
  const customer = await findCustomer(db, phone.id, params.waId);
  if (!customer) throw notFound('No customer with that number on this business number.');
  return { phone, customer };
}
