import type { SessionResponse } from '@common/api/auth';
import { errorMessage } from '../../api/client';
import { COPY } from '../../copy';

/** Why the app cannot show the inbox, as the 'Account Setup Incomplete' text; null when all is well. */
export function accountProblem(session: SessionResponse | undefined, loadError: unknown): string | null {
  if (loadError && !session) return errorMessage(loadError, COPY.accountLoadFailed);
  if (!session?.user) return COPY.accountLoadFailed;
  if (session.access.kind === 'none') return COPY.accountLoadFailed;
  if (session.access.kind === 'team_member' && !session.access.account) return COPY.teamAccountNotFound;
  return null;
}
