import { describe, expect, it } from 'vitest';
import { type AccessKind, guardRedirect } from './guards';

const signedOut = { signedIn: false, access: 'none' as AccessKind };
const noAccount = { signedIn: true, access: 'none' as AccessKind };
const owner = { signedIn: true, access: 'owner' as AccessKind };
const member = { signedIn: true, access: 'team_member' as AccessKind };

describe('guardRedirect (spec §2 redirect guard and protected routes)', () => {
  it.each([
    ['/app/chats', signedOut, '/sign-in'],
    ['/app/chats', noAccount, '/connect-facebook'],
    ['/app/chats', owner, null],
    ['/app/chats', member, null],
    ['/app', owner, '/app/chats'],
    ['/app/', member, '/app/chats'],
    ['/sign-in', signedOut, null],
    ['/sign-in', noAccount, '/connect-facebook'],
    ['/sign-up', noAccount, '/connect-facebook'],
    ['/onboarding', noAccount, null],
    ['/connect-facebook', noAccount, null],
    ['/connect-facebook', signedOut, '/sign-in'],
    ['/sign-in', owner, '/app/chats'],
    ['/onboarding', member, '/app/chats'],
    ['/connect-facebook', owner, '/app/chats'],
    ['/login', signedOut, '/sign-in'],
    ['/signin', owner, '/sign-in'],
    ['/connect-facebook', { ...owner, needsReconnect: true }, null],
    ['/sign-in', { ...owner, needsReconnect: true }, '/app/chats'],
    ['/', signedOut, null],
    ['/privacy', owner, null],
  ] as const)('%s for %o → %s', (path, state, expected) => {
    expect(guardRedirect(path, state)).toBe(expected);
  });
});
