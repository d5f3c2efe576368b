/**
 * Marketing consent (issue 14): each contact is opted in, opted out or unknown, with when and how it
 * last changed. Campaigns skip opted-out contacts. An incoming message that is exactly an opt-out
 * keyword (STOP, UNSUBSCRIBE and the owner's list) opts the contact out; an opt-in keyword opts back in.
 */
import { z } from 'zod';

export const CONSENT_STATES = ['opted_in', 'opted_out', 'unknown'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** How the state last changed: a teammate, a CSV import, a keyword the customer sent, Meta's error 131050. */
export const CONSENT_SOURCES = ['manual', 'import', 'keyword', 'meta'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const CONSENT_LABELS: Record<ConsentState, string> = {
  opted_in: 'Opted in',
  opted_out: 'Opted out',
  unknown: 'Unknown',
};
export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  manual: 'set by a teammate',
  import: 'CSV import',
  keyword: 'keyword from the customer',
  meta: 'WhatsApp: user has stopped marketing messages',
};

/** On ContactDetail (`consent`) and in the contact panel. */
export type ContactConsent = {
  state: ConsentState;
  /** Null while it never changed (unknown from the start). */
  changedAt: string | null;
  source: ConsentSource | null;
  /** The teammate who set it by hand; null otherwise. */
  changedBy: { id: string; label: string } | null;
};

/** The table filter's `consent` query value. */
export const consentFilterSchema = z
  .enum(['any', ...CONSENT_STATES], { error: 'consent must be any, opted_in, opted_out or unknown' })
  .default('any');

/** PUT /api/contacts/:contactId/consent (any teammate who can see the contact). */
export const setConsentSchema = z.object({
  state: z.enum(CONSENT_STATES, { error: 'state must be opted_in, opted_out or unknown' }),
});
export type SetConsentInput = z.infer<typeof setConsentSchema>;

export const DEFAULT_OPT_OUT_KEYWORDS = ['STOP', 'UNSUBSCRIBE'] as const;
export const DEFAULT_OPT_IN_KEYWORDS = ['START', 'SUBSCRIBE'] as const;
export const MAX_CONSENT_KEYWORDS = 20;

const keyword = z
  .string()
  .trim()
  .min(1, 'Keywords cannot be blank')
  .max(30, 'Keywords are at most 30 characters');
const keywordList = z
  .array(keyword)
  .max(MAX_CONSENT_KEYWORDS, `At most ${MAX_CONSENT_KEYWORDS} keywords per list`);

/** GET/PUT /api/consent-keywords (read: any teammate; write: owners). Matched case-insensitively, whole message trimmed. */
export const consentKeywordsSchema = z.object({ optOut: keywordList, optIn: keywordList }).refine(
  (v) => {
    const out = new Set(v.optOut.map((k) => k.toLowerCase()));
    return !v.optIn.some((k) => out.has(k.toLowerCase()));
  },
  { message: 'A keyword cannot be both opt-out and opt-in', path: ['optIn'] },
);
export type ConsentKeywords = z.infer<typeof consentKeywordsSchema>;

/** The system line shown in the chat when a keyword changes consent. */
export const CONSENT_SYSTEM_TEXT: Record<'opted_in' | 'opted_out', string> = {
  opted_out: 'Opted out of marketing messages',
  opted_in: 'Opted in to marketing messages',
};

/** GET/PUT /api/consent-keywords answer: the lists (the defaults while never saved) and who may edit. */
export type ConsentKeywordsResponse = ConsentKeywords & { abilities: { edit: boolean } };

/** PUT /api/contacts/:contactId/consent answer. */
export type SetConsentResponse = { consent: ContactConsent };
