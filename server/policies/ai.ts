import { definePolicy, inAccount, type PolicyActor } from './define-policy';

/**
 * The account whose AI settings they are (viewSettings, configure), or a contact or message row of
 * it (suggest: drafts, rewrites, summaries, translations).
 */
type AiSubject = { accountId: string };

const DENIED = 'AI belongs to the team that uses it.';
export const AI_OWNER_ONLY = 'Only the team owner can change the AI settings.';

/**
 * AI (issue 16): every teammate uses suggestions and sees whether AI is on; only the owner connects a
 * model, sets the team's knowledge and tests the connection. Other teams get nothing (commands load
 * rows within the actor's account, so a foreign contact is a 404 before this is asked).
 */
export const aiPolicy = definePolicy<AiSubject, 'viewSettings' | 'configure' | 'suggest'>({
  viewSettings: { rule: inAccount, denied: DENIED },
  configure: {
    rule: (actor: NonNullable<PolicyActor>, subject: AiSubject) => {
      if (!inAccount(actor, subject)) return false;
      return actor.role === 'owner' || { status: 403, code: 'owner_only', message: AI_OWNER_ONLY };
    },
    denied: AI_OWNER_ONLY,
  },
  suggest: { rule: inAccount, denied: DENIED },
});
