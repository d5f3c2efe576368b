import { z } from 'zod';

export const CONNECT_MSG = {
  noCode: 'No authorization code received from embedded signup',
  failed: 'Failed to complete embedded signup',
  tokenExchange: (reason: string) => `Token exchange failed: ${reason}`,
  debugToken: 'Failed to debug token',
  noWaba: 'No WhatsApp Business Accounts found in embedded signup',
  phoneNumbers: 'Failed to fetch phone numbers',
  noPhoneNumbers: 'No phone numbers found',
  wabaDetails: 'Failed to fetch WABA details',
  accountDetails: 'Failed to get WhatsApp account details',
  numberNotInWaba: 'That phone number ID does not belong to this WhatsApp Business Account.',
} as const;

const graphId = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{5,25}$/, `${label} must be the numeric ID shown in Meta's WhatsApp Manager`);

/** The code from embedded signup, plus the ids of the FINISH event when the browser got them. */
export const connectEmbeddedSchema = z.object({
  code: z.string({ error: CONNECT_MSG.noCode }).trim().min(1, CONNECT_MSG.noCode).max(2000),
  wabaId: graphId('WhatsApp Business Account ID').optional(),
  phoneNumberId: graphId('Phone number ID').optional(),
  businessId: z.string().trim().max(40).optional(),
});
export type ConnectEmbeddedInput = z.infer<typeof connectEmbeddedSchema>;

/** Self-hosters with a system-user token connect by typing the ids and the token. */
export const connectManualSchema = z.object({
  wabaId: graphId('WhatsApp Business Account ID'),
  phoneNumberId: graphId('Phone number ID'),
  accessToken: z
    .string({ error: 'Access token is required' })
    .trim()
    .min(20, 'Access token looks too short: paste the whole system-user token')
    .max(1000),
});
export type ConnectManualInput = z.infer<typeof connectManualSchema>;

export type ConnectResponse = { accountId: string; teamId: string; next: string };
