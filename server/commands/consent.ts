import type {
  ConsentKeywords,
  ConsentKeywordsResponse,
  ContactConsent,
  SetConsentInput,
} from '@common/api/consent';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { dedupeKeywords, loadConsentKeywords } from '../consent/keywords';
import type { Executor } from '../db/client';
import { consentKeywords, contacts } from '../db/schema';
import { consentPolicy } from '../policies/consent';
import type { PolicyActor } from '../policies/define-policy';
import { presentConsent } from '../presenters/contact';
import { loadUserNames } from '../presenters/users';
import { loadContact } from './contact-panel';
import type { CommandDeps } from './deps';

type ConsentActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };

/**
 * A teammate sets a contact's marketing consent by hand (issue 14): source `manual`, by them, now.
 * Setting the state it already has writes nothing. The audit log keeps from → to; teammates' lists
 * and open panels refresh live (`contact.updated`).
 */
export async function setContactConsent(
  deps: CommandDeps,
  actor: ConsentActor,
  contactId: string,
  input: SetConsentInput,
): Promise<ContactConsent> {
  const row = await deps.events.transaction(async (tx, emit) => {
    const contact = await loadContact(tx, actor.accountId, contactId);
    consentPolicy.authorize(actor, 'change', contact);
    if (contact.consent === input.state) return contact;
    const [updated] = await tx
      .update(contacts)
      .set({
        consent: input.state,
        consentSource: 'manual',
        consentChangedAt: new Date(),
        consentChangedBy: actor.id,
        updatedAt: new Date(),
      })
      .where(eq(contacts.id, contact.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'contact.consent_changed',
      subjectType: 'contact',
      subjectId: contact.id,
      details: { from: contact.consent, to: input.state },
    });
    emit({ kind: 'contact.updated', accountId: actor.accountId, contactId: contact.id });
    return updated!;
  });
  const names = await loadUserNames(deps.db, [row.consentChangedBy]);
  return presentConsent(row, new Map([...names].map(([id, n]) => [id, n.summary])));
}

async function keywordsResponse(
  db: Executor,
  actor: ConsentActor,
  keywords?: ConsentKeywords,
): Promise<ConsentKeywordsResponse> {
  const lists = keywords ?? (await loadConsentKeywords(db, actor.accountId));
  const subject = { accountId: actor.accountId };
  return { ...lists, abilities: { edit: consentPolicy.can(actor, 'editKeywords', subject) } };
}

/** The account's consent keywords (the defaults while never saved): every teammate reads them. */
export async function getConsentKeywords(
  db: Executor,
  actor: ConsentActor,
): Promise<ConsentKeywordsResponse> {
  consentPolicy.authorize(actor, 'viewKeywords', { accountId: actor.accountId });
  return keywordsResponse(db, actor);
}

/**
 * The owner replaces both keyword lists (already checked by the schema: trimmed, 1–30 characters,
 * at most 20 each, none in both lists). A keyword typed twice is kept once. Applies to messages that
 * arrive from now on.
 */
export async function setConsentKeywords(
  deps: CommandDeps,
  actor: ConsentActor,
  input: ConsentKeywords,
): Promise<ConsentKeywordsResponse> {
  consentPolicy.authorize(actor, 'editKeywords', { accountId: actor.accountId });
  const lists = { optOut: dedupeKeywords(input.optOut), optIn: dedupeKeywords(input.optIn) };
  await deps.events.transaction(async (tx) => {
    await tx
      .insert(consentKeywords)
      .values({ accountId: actor.accountId, ...lists, updatedBy: actor.id, updatedAt: new Date() })
      .onConflictDoUpdate({
        target: consentKeywords.accountId,
        set: { ...lists, updatedBy: actor.id, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'consent_keywords.updated',
      subjectType: 'account',
      subjectId: actor.accountId,
      details: lists,
    });
  });
  return keywordsResponse(deps.db, actor, lists);
}
