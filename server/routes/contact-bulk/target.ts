import type { bulkTargetSchema } from '@common/api/contact-bulk';
import { contactFilterJsonSchema } from '@common/api/contact-filter';
import { tableFilterFromJson } from '@common/api/contact-table';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { contacts } from '../../db/schema';
import type { PolicyActor } from '../../policies/define-policy';
import { loadFieldDefs } from '../contact-table/field-conditions';
import { tableConditions } from '../contact-table/query';
import { scopeFor } from '../contact-table/scope';

/** A bulk action's or an export's target after validation: selected ids, or a whole filter. */
export type ContactTarget = z.output<typeof bulkTargetSchema>;
type TargetActor = NonNullable<PolicyActor> & { accountId: string };

/** Every contact of the account, archived ones too, with no other condition: what selected ids are read in. */
const ANY_CONTACT = tableFilterFromJson(contactFilterJsonSchema.parse({ archived: 'include' }));

/**
 * The contacts a target names that the actor can see, as one SQL condition on `contacts`: the table's
 * own conditions (account, visibility, filters — `tableConditions`), so "all N matching" acts on
 * exactly the N the table counted. Selected ids are looked up among all the contacts the actor sees
 * (archived included: a selection made under `archived=only` stays valid). A member's filter on another
 * teammate's contacts is refused (403 `owner_only`) as in the table, and a condition on a field the
 * account does not have is a 400, as in the table.
 */
export async function targetCondition(db: Executor, actor: TargetActor, target: ContactTarget): Promise<SQL> {
  if ('ids' in target) {
    const scope = scopeFor(actor, ANY_CONTACT);
    return and(tableConditions(scope, ANY_CONTACT), inArray(contacts.id, [...new Set(target.ids)]))!;
  }
  const filter = tableFilterFromJson(target.filter);
  const fields = await loadFieldDefs(db, actor.accountId, filter.conditions);
  return tableConditions(scopeFor(actor, filter), filter, fields);
}

/** The ids a target named itself (null for a filter), deduplicated. */
export const namedIds = (target: ContactTarget): string[] | null =>
  'ids' in target ? [...new Set(target.ids)] : null;
