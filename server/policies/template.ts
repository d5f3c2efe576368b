import { TEMPLATE_MSG } from '@common/api/templates';
import { definePolicy, inAccount } from './define-policy';

/**
 * A template row (sending one), or for listing and creating, the account whose templates they are:
 * templates belong to one WhatsApp account, and only the people working in it reach them.
 */
type TemplatesSubject = { accountId: string };

/**
 * Templates (spec §6: members "access chats and templates"): everyone in the team lists them, creates
 * new ones for review and sends approved ones. Nothing else is granted.
 */
export const templatePolicy = definePolicy<TemplatesSubject, 'view' | 'create' | 'send'>({
  view: { rule: inAccount, denied: TEMPLATE_MSG.noAccount },
  create: { rule: inAccount, denied: TEMPLATE_MSG.noAccount },
  send: { rule: inAccount, denied: TEMPLATE_MSG.noAccount },
});
