import { createHash } from 'node:crypto';
import type { SandboxSettings } from '../state/settings';

/**
 * What happens to a business message after the sandbox accepted it, decided up front: the steps
 * (statuses, and a customer's reply) and when each is due. Who fails, reads or replies follows from a
 * hash of the recipient's number, never chance, so a test can predict it and a resend to the same
 * person ends the same way; the delays vary per message by a hash of its wamid.
 */

export type FailureCode = 131049 | 131026;
export type StepKind = 'sent' | 'delivered' | `failed:${FailureCode}` | 'read' | 'reply';
export type PlannedStep = { step: StepKind; dueAt: Date };

export type RecipientShares = Pick<
  SandboxSettings,
  'marketingLimitShare' | 'undeliverableShare' | 'readShare' | 'replyShare'
>;
export type Fate = { fails: FailureCode | null; reads: boolean; replies: boolean };

/** A number in [0, 100) from a hash of the key: where this key falls on the percent scale. */
export function percentile(salt: string, key: string): number {
  return (createHash('sha256').update(`${salt}:${key}`).digest().readUInt32BE(0) / 2 ** 32) * 100;
}

/**
 * A recipient's fate under the shares: the first `marketingLimitShare` percent of numbers fail with
 * 131049, the next `undeliverableShare` with 131026 (together at most 100); of the rest,
 * `readShare` percent read and `replyShare` percent (never more than read) also reply.
 */
export function recipientFate(waId: string, shares: RecipientShares): Fate {
  const failPoint = percentile('fail', waId);
  const marketing = shares.marketingLimitShare;
  const undeliverable = Math.min(shares.undeliverableShare, 100 - marketing);
  const fails: FailureCode | null =
    failPoint < marketing ? 131049 : failPoint < marketing + undeliverable ? 131026 : null;
  const readPoint = percentile('read', waId);
  const reads = fails === null && readPoint < shares.readShare;
  const replies = reads && readPoint < Math.min(shares.replyShare, shares.readShare);
  return { fails, reads, replies };
}

/** True when any recipient share is set: template sends then take the timeline path. */
export function sharesAreSet(shares: RecipientShares): boolean {
  return (
    shares.marketingLimitShare > 0 ||
    shares.undeliverableShare > 0 ||
    shares.readShare > 0 ||
    shares.replyShare > 0
  );
}

/** Delay ranges in ms: [shortest, longest], `skew` > 1 favouring the short end. */
type Range = { min: number; max: number; skew?: number };
const REALISTIC: Record<'sent' | 'delivered' | 'read' | 'reply', Range> = {
  sent: { min: 200, max: 1_000 },
  delivered: { min: 1_000, max: 3_000 },
  // Most people who read do so within seconds; some take up to a minute.
  read: { min: 3_000, max: 60_000, skew: 2 },
  reply: { min: 3_000, max: 12_000 },
};
const INSTANT: typeof REALISTIC = {
  sent: { min: 0, max: 0 },
  delivered: { min: 300, max: 300 },
  read: { min: 300, max: 300 },
  reply: { min: 300, max: 300 },
};

function delay(range: Range, wamid: string, label: string): number {
  const u = percentile(label, wamid) / 100;
  return Math.round(range.min + (range.max - range.min) * u ** (range.skew ?? 1));
}

/**
 * The steps of one business message accepted at `acceptedAt` (real time, ms). Recipient shares only
 * apply to templates; other messages get sent → delivered. With out-of-order statuses on,
 * `delivered` is due when `sent` would be and `sent` when `delivered` would be.
 */
export function planSteps(
  message: { wamid: string; customerWaId: string; isTemplate: boolean },
  settings: Pick<SandboxSettings, 'statusDelays' | 'outOfOrderStatuses'> & RecipientShares,
  acceptedAt: number,
): PlannedStep[] {
  const ranges = settings.statusDelays === 'realistic' ? REALISTIC : INSTANT;
  const fate: Fate = message.isTemplate
    ? recipientFate(message.customerWaId, settings)
    : { fails: null, reads: false, replies: false };
  const at = (ms: number) => new Date(ms);
  const sentAt = acceptedAt + delay(ranges.sent, message.wamid, 'sent');
  const deliveredAt = sentAt + delay(ranges.delivered, message.wamid, 'delivered');
  if (fate.fails !== null) {
    return [
      { step: 'sent', dueAt: at(sentAt) },
      { step: `failed:${fate.fails}`, dueAt: at(deliveredAt) },
    ];
  }
  const swap = settings.outOfOrderStatuses;
  const steps: PlannedStep[] = [
    { step: 'sent', dueAt: at(swap ? deliveredAt : sentAt) },
    { step: 'delivered', dueAt: at(swap ? sentAt : deliveredAt) },
  ];
  if (!fate.reads) return steps;
  const readAt = deliveredAt + delay(ranges.read, message.wamid, 'read');
  steps.push({ step: 'read', dueAt: at(readAt) });
  if (fate.replies)
    steps.push({ step: 'reply', dueAt: at(readAt + delay(ranges.reply, message.wamid, 'reply')) });
  return steps;
}

/** Short customer answers to a broadcast, picked by a hash of the message so a test can know it. */
const REPLIES = [
  'Thanks! Is this still available?',
  'Sounds good, how do I order?',
  'Do you deliver on weekends?',
  'Can I pick it up in store?',
  'What sizes do you have?',
  'Great, thank you!',
  'How long does delivery take?',
  'Is there a discount code?',
];

export function replyText(wamid: string): string {
  return REPLIES[Math.floor((percentile('reply-text', wamid) / 100) * REPLIES.length)]!;
}
