import { definePolicy, inAccount, type PolicyActor } from './define-policy';

/** A contact row (change), or the account whose keyword lists they are (view/edit keywords). */
type ConsentSubject = { accountId: string };

const DENIED = 'Marketing consent belongs to the team that uses it.';
export const KEYWORDS_OWNER_ONLY = 'Only the team owner can change the consent keywords.';

/**
 * Marketing consent (issue 14): every teammate who sees a contact may set its consent by hand and
 * read the keyword lists; only the owner edits the lists. Other teams get nothing (commands load rows
 * within the actor's account, so a foreign contact is a 404 before this is asked).
 */
export const consentPolicy = definePolicy<ConsentSubject, 'change' | 'viewKeywords' | 'editKeywords'>({
  change: { rule: inAccount, denied: DENIED },
  viewKeywords: { rule: inAccount, denied: DENIED },
  editKeywords: {
    rule: (actor: NonNullable<PolicyActor>, subject: ConsentSubject) => {
      if (!inAccount(actor, subject)) return false;
      return actor.role === 'owner' || { status: 403, code: 'owner_only', message: KEYWORDS_OWNER_ONLY };
    },
    denied: KEYWORDS_OWNER_ONLY,
  },
});
