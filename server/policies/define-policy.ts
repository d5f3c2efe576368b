import { HttpError } from '../lib/http-errors';

/**
 * Whoever asks: a signed-in user with their team and role (and the WhatsApp account they work in,
 * for the account's rows), or null when signed out.
 */
export type PolicyActor = {
  id: string;
  teamId: string | null;
  role: 'owner' | 'member' | null;
  accountId?: string | null;
} | null;

/** A refusal more specific than "not yours": its HTTP status, typed code and message. */
export type Refusal = { status: 403 | 404 | 409; code: string; message: string };

/**
 * A rule's answer: true grants; false refuses with the ability's own message (403 `forbidden`); a
 * Refusal refuses with that status and code (a message without Meta's id cannot be reacted to: 409).
 */
type Verdict = boolean | Refusal;
type Rule<S> = (actor: NonNullable<PolicyActor>, subject: S) => Verdict;

/** A refused ability. Callers branch on `code` (and `ability`), never on the message. */
export class PolicyError<A extends string = string> extends HttpError {
  constructor(
    readonly ability: A,
    refusal: Refusal,
  ) {
    super(refusal.status, refusal.code, refusal.message);
  }
}

export type Policy<S, A extends string> = {
  /** True only when the ability exists and its rule grants it; a signed-out actor gets nothing. */
  can(actor: PolicyActor, ability: A, subject: S): boolean;
  /** Every ability of the policy for this actor and subject, for the UI (`can.x`). */
  abilities(actor: PolicyActor, subject: S): Record<A, boolean>;
  /** The refusal `authorize` would throw, or null when the ability is granted. */
  check(actor: PolicyActor, ability: A, subject: S): PolicyError<A> | null;
  /** Throws a PolicyError (403 `forbidden` with the ability's message, or the rule's Refusal) unless granted. */
  authorize(actor: PolicyActor, ability: A, subject: S): void;
};

/**
 * One policy per entity: named abilities, each a predicate over (actor, subject), with the message a
 * refusal shows. Anything not listed is denied, and so is everything for a signed-out actor.
 */
export function definePolicy<S, A extends string>(
  rules: Record<A, { rule: Rule<S>; denied: string }>,
): Policy<S, A> {
  const verdict = (actor: PolicyActor, ability: A, subject: S): Verdict => {
    if (!actor || !Object.hasOwn(rules, ability)) return false;
    return rules[ability].rule(actor, subject);
  };
  const can = (actor: PolicyActor, ability: A, subject: S): boolean =>
    verdict(actor, ability, subject) === true;
  const check = (actor: PolicyActor, ability: A, subject: S): PolicyError<A> | null => {
    const answer = verdict(actor, ability, subject);
    if (answer === true) return null;
    if (answer !== false) return new PolicyError(ability, answer);
    const message = Object.hasOwn(rules, ability) ? rules[ability].denied : 'Not allowed.';
    return new PolicyError(ability, { status: 403, code: 'forbidden', message });
  };
  return {
    can,
    check,
    abilities(actor, subject) {
      const result = {} as Record<A, boolean>;
      for (const ability of Object.keys(rules) as A[]) result[ability] = can(actor, ability, subject);
      return result;
    },
    authorize(actor, ability, subject) {
      const refusal = check(actor, ability, subject);
      if (refusal) throw refusal;
    },
  };
}

/**
 * Someone working in the account: the one rule every row of an account shares. Rows carry their
 * account; the actor must work in that same account.
 */
export const inAccount = (actor: NonNullable<PolicyActor>, row: { accountId: string }): boolean =>
  !!actor.accountId && actor.accountId === row.accountId;

/**
 * The least-privileged teammate of an account: what a live frame or a shared list shows every
 * teammate (contact and message abilities do not depend on the role) is presented for them.
 */
export const anyTeammateOf = (accountId: string): NonNullable<PolicyActor> => ({
  id: '',
  teamId: null,
  role: 'member',
  accountId,
});
