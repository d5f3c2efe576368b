import type { FastifyRequest } from 'fastify';
import { forbidden } from '../lib/http-errors';
import { type Actor, requireActor } from './route-access';

/** The caller and the WhatsApp account they work in; a team without an account gets the spec's message. */
export async function requireAccount(request: FastifyRequest): Promise<Actor & { accountId: string }> {
  const actor = await requireActor(request);
  if (!actor.account) {
    throw forbidden(
      actor.kind === 'team_member'
        ? 'Team WhatsApp account not found. Please contact your team admin.'
        : 'WhatsApp account not connected. Please connect your account in settings.',
      'no_account',
    );
  }
  return { ...actor, accountId: actor.account.id };
}
