import type { Executor } from '../db/client';

/**
 * "Now" for the messaging window and for stamping outgoing messages. Chosen once at start-up
 * (`messagingClock` in app.ts): the real clock against Meta; the sandbox's clock, which the sandbox
 * page can move, when the account talks to the built-in sandbox, so customer timestamps (from the
 * sandbox) and ours stay on one timeline. Callers get it from their deps (`app.clock`, route deps).
 */
export type Clock = { now(db: Executor): Promise<Date> };

/** The process's own clock. */
export const systemClock: Clock = { now: async () => new Date() };
