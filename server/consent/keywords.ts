import {
  type ConsentKeywords,
  DEFAULT_OPT_IN_KEYWORDS,
  DEFAULT_OPT_OUT_KEYWORDS,
  MAX_CONSENT_KEYWORDS,
} from '@common/api/consent';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { consentKeywords } from '../db/schema';

/** The longest keyword the schema accepts: a longer message can never be one (common/api/consent.ts). */
export const MAX_KEYWORD_LENGTH = 30;

export const DEFAULT_CONSENT_KEYWORDS: ConsentKeywords = {
  optOut: [...DEFAULT_OPT_OUT_KEYWORDS],
  optIn: [...DEFAULT_OPT_IN_KEYWORDS],
};

/** The account's keyword lists, or the defaults while its owner never saved any. */
export async function loadConsentKeywords(db: Executor, accountId: string): Promise<ConsentKeywords> {
  const [row] = await db
    .select({ optOut: consentKeywords.optOut, optIn: consentKeywords.optIn })
    .from(consentKeywords)
    .where(eq(consentKeywords.accountId, accountId))
    .limit(1);
  return row ?? DEFAULT_CONSENT_KEYWORDS;
}

/** One copy of each keyword (the first spelling wins, any letter case), as typed, in order. */
export function dedupeKeywords(list: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of list) {
    const k = raw.trim();
    if (seen.has(k.toLowerCase())) continue;
    seen.add(k.toLowerCase());
    out.push(k);
  }
  return out.slice(0, MAX_CONSENT_KEYWORDS);
}

/**
 * Could this text be a keyword of any account? The whole message, trimmed, 1–30 characters: only
 * then does the webhook batch run its one extra statement (most messages are longer, or not text).
 */
export function keywordCandidate(text: string): string | null {
  const word = text.trim();
  return word.length > 0 && word.length <= MAX_KEYWORD_LENGTH ? word : null;
}
