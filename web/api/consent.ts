import type {
  ConsentKeywords,
  ConsentKeywordsResponse,
  ConsentState,
  SetConsentResponse,
} from '@common/api/consent';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { refreshContactDetail } from './contactDetails';

export const CONSENT_KEYWORDS_KEY = ['consent-keywords'] as const;

/** The account's opt-out / opt-in keywords (the defaults until the owner saves lists) and who may edit. */
export const consentKeywordsQuery = queryOptions({
  queryKey: CONSENT_KEYWORDS_KEY,
  queryFn: ({ signal }) => apiRequest<ConsentKeywordsResponse>('/api/consent-keywords', { signal }),
  staleTime: 60_000,
});

/** Owners: replaces both lists; the answer is what was stored (each keyword once). */
export async function saveConsentKeywords(
  client: QueryClient,
  body: ConsentKeywords,
): Promise<ConsentKeywordsResponse> {
  const saved = await apiRequest<ConsentKeywordsResponse>('/api/consent-keywords', { method: 'PUT', body });
  client.setQueryData(CONSENT_KEYWORDS_KEY, saved);
  return saved;
}

/**
 * Sets a contact's consent by hand, then re-reads the contact so the open panel (and the header it
 * shares its cache with) shows who changed it and when; teammates get it through the live feed.
 */
export async function setContactConsent(
  client: QueryClient,
  contactId: string,
  state: ConsentState,
): Promise<SetConsentResponse> {
  const answer = await apiRequest<SetConsentResponse>(`/api/contacts/${contactId}/consent`, {
    method: 'PUT',
    body: { state },
  });
  await refreshContactDetail(client, contactId).catch(() => {});
  return answer;
}
