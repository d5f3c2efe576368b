import type { ContactTableFilter } from '@common/api/contact-table';
import { inboxPolicy } from '../../policies/contact';
import type { PolicyActor } from '../../policies/define-policy';
import type { TableScope } from './query';

type ScopeActor = NonNullable<PolicyActor> & { accountId: string };

/**
 * Who sees what on the Contacts page (its table, count, bulk actions and export): owners every
 * contact; members (no team-wide view) the unassigned contacts and their own, as in the inbox. A
 * member asking for another teammate's contacts gets 403 `owner_only`.
 */
export function scopeFor(actor: ScopeActor, filter: Pick<ContactTableFilter, 'assignee'>): TableScope {
  const teamView = inboxPolicy.can(actor, 'viewTeam', { accountId: actor.accountId });
  const assignee = filter.assignee;
  if (
    !teamView &&
    assignee !== 'anyone' &&
    assignee !== 'unassigned' &&
    assignee !== 'me' &&
    assignee !== actor.id
  )
    inboxPolicy.authorize(actor, 'viewTeam', { accountId: actor.accountId });
  return { accountId: actor.accountId, actorId: actor.id, teamView };
}
