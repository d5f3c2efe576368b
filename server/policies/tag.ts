import { definePolicy, inAccount } from './define-policy';

/**
 * A tag row, or for listing and creating, the account whose tags they are: every tag belongs to one
 * WhatsApp account, and only the people working in that account reach it.
 */
type TagSubject = { accountId: string };

const DENIED = 'Tags belong to the team that uses them.';

/**
 * Tags (spec §5, §6): the spec restricts nothing, so every active teammate — owner or member — lists,
 * creates, renames and deletes the account's tags and puts them on and takes them off contacts. Other
 * teams get nothing: the commands look tags up within the actor's account and ask this policy about
 * the row they found. Change a rule here and every tag command follows.
 */
export const tagPolicy = definePolicy<TagSubject, 'view' | 'create' | 'rename' | 'delete' | 'apply'>({
  view: { rule: inAccount, denied: DENIED },
  create: { rule: inAccount, denied: DENIED },
  rename: { rule: inAccount, denied: DENIED },
  delete: { rule: inAccount, denied: DENIED },
  apply: { rule: inAccount, denied: DENIED },
});
