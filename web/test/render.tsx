import type { SessionResponse } from '@common/api/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { SESSION_QUERY_KEY, SIGNED_OUT_SESSION } from '../api/session';

export function signedInSession(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return { ...SIGNED_OUT_SESSION, user: { id: 'u_1', email: 'jane@example.com' }, ...overrides };
}

function CurrentPath() {
  const location = useLocation();
  return (
    <div data-testid="current-path" data-search={location.search}>
      {location.pathname}
    </div>
  );
}

/** Renders a screen at `path` with a fresh query cache (optionally holding a session) and a router. */
export function renderScreen(
  ui: ReactElement,
  {
    path = '/',
    session,
    search = '',
  }: { path?: string; session?: SessionResponse /** e.g. `?token=…` */; search?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  if (session) queryClient.setQueryData(SESSION_QUERY_KEY, session);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`${path}${search}`]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

type MockResponse = { status?: number; body?: unknown };
type Handler = (init: RequestInit | undefined) => MockResponse | Promise<MockResponse>;

/**
 * Replaces fetch with a table of "METHOD /path" → response. Unknown calls fail the test loudly.
 * Returns the mock so tests can assert what was called.
 */
export function mockApi(handlers: Record<string, Handler | MockResponse>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected request: ${key}`);
    const { status = 200, body } = typeof handler === 'function' ? await handler(init) : handler;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
