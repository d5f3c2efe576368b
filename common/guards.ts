/** Who the signed-in user is to a WhatsApp account: its owner, a member of its team, or neither. */
export type AccessKind = 'owner' | 'team_member' | 'none';

export type GuardState = {
  signedIn: boolean;
  access: AccessKind;
  /** The owner's token has expired: /connect-facebook stays reachable to reconnect. */
  needsReconnect?: boolean;
};

export const SIGN_IN_PATH = '/sign-in';
export const APP_HOME = '/app/chats';
export const CONNECT_PATH = '/connect-facebook';
export const ONBOARDING_PATH = '/onboarding';
export const GUARDED_PUBLIC_PATHS = ['/sign-in', '/sign-up', '/onboarding', '/connect-facebook'] as const;
export const SIGN_IN_ALIASES = ['/signin', '/login'] as const;

function isProtected(pathname: string): boolean {
  return pathname === '/app' || pathname.startsWith('/app/');
}

/**
 * Where a page visit must go instead, or null to show the page. The server applies this to every
 * page load and the browser to every client-side navigation, so both agree by construction.
 */
export function guardRedirect(pathname: string, state: GuardState): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((SIGN_IN_ALIASES as readonly string[]).includes(path)) return SIGN_IN_PATH;

  if (isProtected(path)) {
    if (!state.signedIn) return SIGN_IN_PATH;
    if (state.access === 'none') return CONNECT_PATH;
    if (path === '/app') return APP_HOME;
    return null;
  }

  if ((GUARDED_PUBLIC_PATHS as readonly string[]).includes(path)) {
    if (!state.signedIn) return path === CONNECT_PATH ? SIGN_IN_PATH : null;
    if (path === CONNECT_PATH && state.needsReconnect) return null;
    if (state.access !== 'none') return APP_HOME;
    if (path === CONNECT_PATH || path === ONBOARDING_PATH) return null;
    return CONNECT_PATH;
  }
  return null;
}

/** Whether a page's guard depends on the session (so the server need not look it up otherwise). */
export function isGuardedPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    isProtected(path) ||
    (GUARDED_PUBLIC_PATHS as readonly string[]).includes(path) ||
    (SIGN_IN_ALIASES as readonly string[]).includes(path)
  );
}

/** The guard state from GET /api/session, so the browser and the server read it the same way. */
export function guardStateFromSession(session: {
  user: unknown;
  access: { kind: AccessKind; account: { tokenExpired: boolean } | null };
}): GuardState {
  return {
    signedIn: Boolean(session.user),
    access: session.access.kind,
    needsReconnect: session.access.kind === 'owner' && session.access.account?.tokenExpired === true,
  };
}
