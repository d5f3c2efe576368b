import type { Executor } from '../../db/client';
import { enqueue } from '../../jobs/queue';
import { normalizeRecipient } from '../../whatsapp/message-builders';
import { displayDigits, type SandboxPhoneNumber } from '../state/accounts';
import { defaultCustomerName, ensureCustomer } from '../state/customers';
import { conversationId, wamid } from '../state/ids';
import {
  type Billing,
  findChatMessage,
  findMessage,
  insertMessage,
  lastInboundAt,
  markCustomerMessagesRead,
} from '../state/messages';
import { type SandboxSettings, takeSendFailure, takeSendSlot, unixSeconds } from '../state/settings';
import { insertPlannedMessage } from '../state/steps';
import { planSteps, sharesAreSet } from '../timeline/plan';
import { sweepJobs } from '../timeline/sweep.job';
import { statusChange } from '../webhooks/build';
import { emitChanges } from '../webhooks/emit';
import { scheduleSendStatuses } from '../webhooks/status.job';
import { type Content, contentOf } from './content';
import type { GraphContext } from './context';
import { graphErrors } from './errors';
import { linkFetchJob } from './link-fetch.job';
import { describeIssue, readReceiptBody, sendMessageBody } from './send-schemas';

/**
 * Whether a send's statuses go through the timeline (planned steps, swept in bulk): with realistic
 * delays, or for a template while recipient shares are set. Otherwise, as always: `sent` at once and
 * `delivered` ~300 ms later, one webhook each. Reactions only ever get `sent`.
 */
function onTimeline(settings: SandboxSettings, type: string): boolean {
  if (type === 'reaction') return false;
  return settings.statusDelays === 'realistic' || (type === 'template' && sharesAreSet(settings));
}

/** The customer service window: free-form messages only within 24 h of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

const failureFor = {
  429: graphErrors.rateLimit,
  500: graphErrors.unknownError,
  131047: graphErrors.reengagement,
};

function recipientDigits(to: string): string {
  return normalizeRecipient(to).replace(/[\s\-().]/g, '');
}

async function windowIsOpen(
  db: Executor,
  ctx: GraphContext,
  phoneId: string,
  waId: string,
): Promise<boolean> {
  const last = await lastInboundAt(db, phoneId, waId);
  return last !== null && ctx.now.getTime() - last.getTime() <= SERVICE_WINDOW_MS;
}

function billingFor(content: Content, now: Date): Billing {
  return {
    conversationId: conversationId(),
    expiresAt: unixSeconds(now) + SERVICE_WINDOW_MS / 1000,
    category: content.category,
    type: content.free ? 'free_customer_service' : 'regular',
    billable: !content.free,
  };
}

/** `{status:'read', message_id}`: the business read a customer message (and every earlier one). */
async function markRead(ctx: GraphContext, phone: SandboxPhoneNumber, rawBody: unknown) {
  const parsed = readReceiptBody.safeParse(rawBody);
  if (!parsed.success) throw describeIssue(parsed.error);
  const target = await findMessage(ctx.db, parsed.data.message_id);
  if (!target || target.phoneNumberId !== phone.id || target.direction !== 'to_business')
    throw graphErrors.invalidParameter(
      `Message ${parsed.data.message_id} was not found for this phone number.`,
    );
  await markCustomerMessagesRead(ctx.db, target);
  return { success: true };
}

/**
 * POST /{phone_number_id}/messages: validates like Meta (24-hour window, approved templates and their
 * parameter count, uploaded media of the right type), stores the message and schedules its statuses.
 */
export async function postMessage(ctx: GraphContext, phone: SandboxPhoneNumber, rawBody: unknown) {
  const body = (rawBody ?? {}) as Record<string, unknown>;
  if (body.status === 'read') return markRead(ctx, phone, body);
  const withType = body.type === undefined && body.text !== undefined ? { ...body, type: 'text' } : body;
  const parsed = sendMessageBody.safeParse(withType);
  if (!parsed.success) throw describeIssue(parsed.error);
  const message = parsed.data;

  // Both switches were read with the settings: when off, a send writes nothing for them.
  const failure = ctx.settings.failNextSends ? await takeSendFailure(ctx.db) : null;
  if (failure !== null) throw failureFor[failure]();
  if (ctx.settings.messagesPerSecond !== null && !(await takeSendSlot(ctx.db, phone.id)))
    throw graphErrors.rateLimit();

  const waId = recipientDigits(message.to);
  if (!/^\d{7,15}$/.test(waId))
    throw graphErrors.invalidParameter(`Invalid recipient phone number '${message.to}'.`);
  if (waId === displayDigits(phone)) throw graphErrors.recipientIsSender();

  const id = wamid(waId, 'to_customer');
  // Reads first, outside any transaction: a refused send writes nothing.
  const windowOpen = await windowIsOpen(ctx.db, ctx, phone.id, waId);
  if (message.type !== 'template' && !windowOpen) throw graphErrors.reengagement();
  const content = await contentOf(ctx.db, phone, message, windowOpen);
  const steps =
    onTimeline(ctx.settings, message.type) && !content.pendingLink
      ? planSteps(
          { wamid: id, customerWaId: waId, isTemplate: message.type === 'template' },
          ctx.settings,
          Date.now(),
        )
      : null;

  const chat = { phoneNumberId: phone.id, customerWaId: waId };
  const quoted = message.context ? await findChatMessage(ctx.db, chat, message.context.message_id) : null;
  const reactionTarget =
    message.type === 'reaction' ? await findChatMessage(ctx.db, chat, message.reaction.message_id) : null;
  const newRow = {
    wamid: id,
    ...chat,
    direction: 'to_customer' as const,
    type: content.type,
    payload: {
      ...content.payload,
      ...(quoted
        ? {
            context: {
              message_id: quoted.wamid,
              from: quoted.direction === 'to_customer' ? displayDigits(phone) : waId,
            },
          }
        : {}),
      billing: billingFor(content, ctx.now),
      ...(message.biz_opaque_callback_data
        ? { biz_opaque_callback_data: message.biz_opaque_callback_data }
        : {}),
    },
    status: message.type === 'reaction' && !reactionTarget ? 'failed' : 'sent',
    createdAt: ctx.now,
  };
  const accepted = {
    messaging_product: 'whatsapp',
    contacts: [{ input: message.to, wa_id: waId }],
    messages: [{ id }],
  };

  if (content.pendingLink) {
    // Meta answers at once and fetches the link afterwards; a link that fails ends in a failed status.
    await enqueue(ctx.db, linkFetchJob, {
      row: { ...newRow, createdAt: newRow.createdAt.toISOString() },
      pending: content.pendingLink,
    });
    return accepted;
  }

  if (steps) {
    // The campaign path: customer, message, its steps and their sweeps in one statement.
    await insertPlannedMessage(
      ctx.db,
      { name: defaultCustomerName(waId), ...newRow },
      steps,
      sweepJobs(steps),
    );
    return accepted;
  }

  return ctx.db.transaction(async (tx) => {
    await ensureCustomer(tx, phone.id, waId, ctx.now);
    const row = await insertMessage(tx, newRow);

    if (row.status === 'failed') {
      // Meta accepts a reaction to an unknown message and reports 131009 in a status webhook.
      await emitChanges(
        tx,
        [
          statusChange(phone, row, 'failed', ctx.now, {
            code: 131009,
            title: 'Parameter value is not valid',
            details: `Message ${message.type === 'reaction' ? message.reaction.message_id : ''} to react to was not found in this chat.`,
          }),
        ],
        ctx.settings,
      );
    } else {
      await scheduleSendStatuses(tx, ctx.settings, phone, row);
    }

    return accepted;
  });
}
