import type { SessionResponse } from '@common/api/auth';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';

export const SESSION_QUERY_KEY = ['session'] as const;

export function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/api/session', { signal });
}

export const sessionQuery = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => fetchSession(signal),
  // Guards read the cached session on every navigation; refetch it when it is older than this.
  staleTime: 30_000,
});

/** The session for a route guard: cached when fresh, fetched otherwise. */
export function loadSession(client: QueryClient): Promise<SessionResponse> {
  return client.fetchQuery(sessionQuery);
}

/** Drops the cached session and fetches it again, e.g. right after signing in. */
export async function refreshSession(client: QueryClient): Promise<SessionResponse> {
  await client.cancelQueries({ queryKey: SESSION_QUERY_KEY });
  return client.fetchQuery({ ...sessionQuery, staleTime: 0 });
}

export const SIGNED_OUT_SESSION: SessionResponse = {
  user: null,
  profile: null,
  access: { kind: 'none', teamId: null, role: null, account: null },
  features: { sandbox: false, devOutbox: false, embeddedSignup: false, facebook: null },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After sign-up the session cookie may take a moment to be usable: poll up to `tries` times,
 * `intervalMs` apart, and give up quietly (the caller moves on either way, as the spec says).
 */
export async function waitForSignedInSession(
  client: QueryClient,
  tries = 5,
  intervalMs = 1_000,
): Promise<SessionResponse | null> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    try {
      const session = await refreshSession(client);
      if (session.user) return session;
    } catch {
      // try again below
    }
    if (attempt < tries - 1) await sleep(intervalMs);
  }
  return null;
}
