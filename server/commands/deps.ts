import type { Database } from '../db/client';
import type { EventBus } from '../events/bus';

/**
 * What a command that changes state needs: the database, and the event bus its transaction records
 * its domain events through (`deps.events.transaction(async (tx, emit) => …)`).
 */
export type CommandDeps = { db: Database; events: EventBus };
