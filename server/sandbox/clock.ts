import type { Clock } from '../lib/clock';
import { clockNow } from './state/settings';

/** The sandbox's clock (real time plus the offset its page sets), as the app's messaging clock. */
export const sandboxClock: Clock = { now: (db) => clockNow(db) };
