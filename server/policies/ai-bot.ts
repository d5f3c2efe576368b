import { definePolicy, inAccount, type PolicyActor } from './define-policy';

/** The account whose bot it is (view, configure, test), or a contact row of it (pauseChat). */
type AiBotSubject = { accountId: string };

const DENIED = 'The AI bot belongs to the team that uses it.';
export const AI_BOT_OWNER_ONLY = 'Only the team owner can change or test the AI bot.';

/**
 * The AI bot (issue 16): every teammate sees its settings and pauses or resumes it in a chat they
 * see (any teammate sees every contact of the account); only the owner turns it on, changes its
 * schedule and limits, and tries it in the test chat.
 */
export const aiBotPolicy = definePolicy<AiBotSubject, 'view' | 'configure' | 'pauseChat'>({
  view: { rule: inAccount, denied: DENIED },
  configure: {
    rule: (actor: NonNullable<PolicyActor>, subject: AiBotSubject) => {
      if (!inAccount(actor, subject)) return false;
      return actor.role === 'owner' || { status: 403, code: 'owner_only', message: AI_BOT_OWNER_ONLY };
    },
    denied: AI_BOT_OWNER_ONLY,
  },
  pauseChat: { rule: inAccount, denied: DENIED },
});
