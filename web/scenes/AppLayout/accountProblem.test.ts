import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client';
import { COPY } from '../../copy';
import { signedInSession } from '../../test/render';
import { accountProblem } from './accountProblem';

const account = { id: 'a_1', displayPhoneNumber: '+1 555', businessName: 'Acme', tokenExpired: false };

describe('accountProblem', () => {
  it('is null for an owner or a team member with an account', () => {
    const owner = signedInSession({ access: { kind: 'owner', teamId: 't', role: 'owner', account } });
    const member = signedInSession({ access: { kind: 'team_member', teamId: 't', role: 'member', account } });
    expect(accountProblem(owner, null)).toBeNull();
    expect(accountProblem(member, null)).toBeNull();
  });

  it('asks a team member without a team account to contact the admin', () => {
    const member = signedInSession({
      access: { kind: 'team_member', teamId: 't', role: 'member', account: null },
    });
    expect(accountProblem(member, null)).toBe(
      'Team WhatsApp account not found. Please contact your team admin.',
    );
  });

  it('uses the default text when there is no account access', () => {
    expect(accountProblem(signedInSession(), null)).toBe(COPY.accountLoadFailed);
  });

  it("shows the server's error when the session could not be loaded, else the default", () => {
    const withMessage = new ApiRequestError(
      503,
      { error: 'unavailable', message: 'Database is starting' },
      'x',
    );
    expect(accountProblem(undefined, withMessage)).toBe('Database is starting');
    expect(accountProblem(undefined, new ApiRequestError(0, null, 'offline'))).toBe(COPY.accountLoadFailed);
  });
});
