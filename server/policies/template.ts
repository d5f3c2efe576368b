import { TEMPLATE_MSG } from '@common/api/templates';
import { definePolicy, type PolicyActor } from './define-policy';

/** The templates of one account, as seen by a member of the team that uses it. */
type TemplatesSubject = { teamId: string };

const inTeam = (actor: NonNullable<PolicyActor>, subject: TemplatesSubject) =>
  actor.teamId === subject.teamId;

/**
 * Templates (spec §6: members "access chats and templates"): everyone in the team lists them, creates
 * new ones for review and sends approved ones. Nothing else is granted.
 */
export const templatePolicy = definePolicy<TemplatesSubject, 'view' | 'create' | 'send'>({
  view: { rule: inTeam, denied: TEMPLATE_MSG.noAccount },
  create: { rule: inTeam, denied: TEMPLATE_MSG.noAccount },
  send: { rule: inTeam, denied: TEMPLATE_MSG.noAccount },
});
