import { forbidden } from '../lib/http-errors';

/** Whoever asks: a signed-in user with their team and role, or null when signed out. */
export type PolicyActor = { id: string; teamId: string | null; role: 'owner' | 'member' | null } | null;

type Rule<S> = (actor: NonNullable<PolicyActor>, subject: S) => boolean;

export type Policy<S, A extends string> = {
  /** True only when the ability exists and its rule grants it; a signed-out actor gets nothing. */
  can(actor: PolicyActor, ability: A, subject: S): boolean;
  /** Every ability of the policy for this actor and subject, for the UI (`can.x`). */
  abilities(actor: PolicyActor, subject: S): Record<A, boolean>;
  /** Throws 403 with the ability's message unless it is granted. */
  authorize(actor: PolicyActor, ability: A, subject: S): void;
};

/**
 * One policy per entity: named abilities, each a predicate over (actor, subject), with the message a
 * refusal shows. Anything not listed is denied, and so is everything for a signed-out actor.
 */
export function definePolicy<S, A extends string>(
  rules: Record<A, { rule: Rule<S>; denied: string }>,
): Policy<S, A> {
  const can = (actor: PolicyActor, ability: A, subject: S): boolean => {
    if (!actor || !Object.hasOwn(rules, ability)) return false;
    return rules[ability].rule(actor, subject) === true;
  };
  return {
    can,
    abilities(actor, subject) {
      const result = {} as Record<A, boolean>;
      for (const ability of Object.keys(rules) as A[]) result[ability] = can(actor, ability, subject);
      return result;
    },
    authorize(actor, ability, subject) {
      if (!can(actor, ability, subject)) {
        throw forbidden(Object.hasOwn(rules, ability) ? rules[ability].denied : 'Not allowed.', 'forbidden');
      }
    },
  };
}
