import type { Executor } from '../../db/client';
import { displayDigits, findPhoneNumber, type SandboxPhoneNumber } from '../state/accounts';
import { wamid as newWamid } from '../state/ids';
import { messagesByWamid, type SandboxMessage } from '../state/messages';
import type { SandboxSettings } from '../state/settings';
import { customersByWaId, insertMessages, moveStatuses, type StepRow } from '../state/steps';
import { inboundMessageChange, type SandboxChange, type StatusError, statusChange } from '../webhooks/build';
import type { FailureCode } from './plan';
import { replyText } from './plan';

/** The status errors of template sends that fail after `sent` (shared/docs/whatsapp-cloud-api.md §1.6, §2.3). */
export const FAILURES: Record<FailureCode, StatusError> = {
  131049: {
    code: 131049,
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
  131026: {
    code: 131026,
    title: 'Message undeliverable',
    details:
      'Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number; the recipient has not accepted the terms of service; the recipient is using an old WhatsApp version.',
  },
};

/** A webhook change a step produced, with when it happened (for ordering within one sweep). */
export type Outcome = { at: number; order: number; change: SandboxChange };

const ORDER = { sent: 0, failed: 1, delivered: 1, read: 2, reply: 3 } as const;

/**
 * Carries out due steps in bulk: one UPDATE per kind of status, one INSERT for the replies; returns
 * the webhook changes in the order they happened. A step whose message moved on meanwhile (the
 * customer read it on the phone page, it failed) is dropped, as Meta drops `delivered` after `read`.
 */
export async function applySteps(
  tx: Executor,
  settings: Pick<SandboxSettings, 'clockOffsetSeconds'>,
  steps: StepRow[],
): Promise<Outcome[]> {
  const byWamid = new Map(
    (await messagesByWamid(tx, [...new Set(steps.map((s) => s.wamid))])).map((m) => [m.wamid, m]),
  );
  const phones = new Map<string, SandboxPhoneNumber | null>();
  const phoneOf = async (message: SandboxMessage) => {
    if (!phones.has(message.phoneNumberId))
      phones.set(message.phoneNumberId, await findPhoneNumber(tx, message.phoneNumberId));
    return phones.get(message.phoneNumberId) ?? null;
  };
  const sandboxTime = (due: Date) => new Date(due.getTime() + settings.clockOffsetSeconds * 1000);
  const kindOf = (step: StepRow) => step.step.split(':')[0] as keyof typeof ORDER;
  const of = (kind: keyof typeof ORDER) => steps.filter((s) => kindOf(s) === kind && byWamid.has(s.wamid));
  const outcomes: Outcome[] = [];
  const add = async (
    step: StepRow,
    message: SandboxMessage,
    make: (phone: SandboxPhoneNumber) => SandboxChange,
  ) => {
    const phone = await phoneOf(message);
    if (phone) outcomes.push({ at: step.dueAt.getTime(), order: ORDER[kindOf(step)], change: make(phone) });
  };

  for (const step of of('sent')) {
    const message = byWamid.get(step.wamid)!;
    await add(step, message, (phone) => statusChange(phone, message, 'sent', sandboxTime(step.dueAt)));
  }
  const moves = [
    { kind: 'failed', from: ['sent'] },
    { kind: 'delivered', from: ['sent'] },
    { kind: 'read', from: ['sent', 'delivered'] },
  ] as const;
  for (const { kind, from } of moves) {
    const due = of(kind);
    const moved = new Map(
      (
        await moveStatuses(
          tx,
          due.map((s) => s.wamid),
          kind,
          [...from],
        )
      ).map((m) => [m.wamid, m]),
    );
    for (const step of due) {
      const message = moved.get(step.wamid);
      if (!message) continue;
      byWamid.set(message.wamid, message);
      const error = kind === 'failed' ? FAILURES[Number(step.step.split(':')[1]) as FailureCode] : undefined;
      await add(step, message, (phone) => statusChange(phone, message, kind, sandboxTime(step.dueAt), error));
    }
  }
  for (const outcome of await replies(tx, of('reply'), byWamid, phoneOf, sandboxTime)) outcomes.push(outcome);
  return outcomes.sort((a, b) => a.at - b.at || a.order - b.order);
}

/** The customers who reply: a short text quoting the business message, for each one they read. */
async function replies(
  tx: Executor,
  steps: StepRow[],
  byWamid: Map<string, SandboxMessage>,
  phoneOf: (message: SandboxMessage) => Promise<SandboxPhoneNumber | null>,
  sandboxTime: (due: Date) => Date,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const readOnes = steps.filter((s) => byWamid.get(s.wamid)?.status === 'read');
  const byPhone = new Map<string, StepRow[]>();
  for (const step of readOnes) {
    const phoneId = byWamid.get(step.wamid)!.phoneNumberId;
    byPhone.set(phoneId, [...(byPhone.get(phoneId) ?? []), step]);
  }
  for (const [phoneId, phoneSteps] of byPhone) {
    const phone = await phoneOf(byWamid.get(phoneSteps[0]!.wamid)!);
    if (!phone) continue;
    const quoted = phoneSteps.map((s) => byWamid.get(s.wamid)!);
    const customers = new Map(
      (await customersByWaId(tx, phoneId, [...new Set(quoted.map((m) => m.customerWaId))])).map((c) => [
        c.waId,
        c,
      ]),
    );
    const values = phoneSteps.map((step, i) => ({
      wamid: newWamid(quoted[i]!.customerWaId, 'to_business'),
      phoneNumberId: phoneId,
      customerWaId: quoted[i]!.customerWaId,
      direction: 'to_business' as const,
      type: 'text',
      payload: {
        text: { body: replyText(quoted[i]!.wamid) },
        context: { message_id: quoted[i]!.wamid, from: displayDigits(phone) },
      },
      status: 'sent',
      createdAt: sandboxTime(step.dueAt),
    }));
    const inserted = new Map((await insertMessages(tx, values)).map((row) => [row.wamid, row]));
    values.forEach((value, i) => {
      const row = inserted.get(value.wamid);
      const customer = customers.get(value.customerWaId);
      if (!row || !customer) return;
      outcomes.push({
        at: phoneSteps[i]!.dueAt.getTime(),
        order: ORDER.reply,
        change: inboundMessageChange(phone, customer, row),
      });
    });
  }
  return outcomes;
}
