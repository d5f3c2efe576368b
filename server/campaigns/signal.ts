import { EventEmitter } from 'node:events';

/**
 * Wakes this process's campaign sender at once when a campaign starts, resumes or gets failures to
 * retry, instead of at its next look (other processes find it at theirs, within a second).
 */
export const campaignSignal = new EventEmitter();
