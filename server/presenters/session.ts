import type { AccountSummary, Profile, SessionResponse } from '@common/api/auth';
import type { AccountAccess } from '../auth/access';
import type { SessionUser } from '../auth/sessions';
import type { userProfiles } from '../db/schema';
import type { Env } from '../env';

type ProfileRow = typeof userProfiles.$inferSelect;

export function presentProfile(row: ProfileRow): Profile {
  return {
    name: row.name,
    companyName: row.companyName,
    phoneNumber: row.phoneNumber,
    businessWebsite: row.businessWebsite,
  };
}

export function presentAccount(account: NonNullable<AccountAccess['account']>): AccountSummary {
  return {
    id: account.id,
    displayPhoneNumber: account.displayPhoneNumber,
    businessName: account.businessName,
    tokenExpired: account.tokenExpiresAt !== null && account.tokenExpiresAt.getTime() <= Date.now(),
  };
}

/** The session view: never carries tokens or secrets, only what the guards and the shell need. */
export function presentSession(
  env: Env,
  user: SessionUser | null,
  profile: ProfileRow | null,
  access: AccountAccess,
): SessionResponse {
  return {
    user: user ? { id: user.id, email: user.email } : null,
    profile: profile ? presentProfile(profile) : null,
    access: {
      kind: access.kind,
      teamId: access.teamId,
      role: access.role,
      account: access.account ? presentAccount(access.account) : null,
    },
    features: {
      sandbox: env.sandbox,
      devOutbox: env.devOutbox,
      embeddedSignup: Boolean(env.meta.appId && env.meta.configId),
      facebook:
        env.meta.appId && env.meta.configId ? { appId: env.meta.appId, configId: env.meta.configId } : null,
    },
  };
}
