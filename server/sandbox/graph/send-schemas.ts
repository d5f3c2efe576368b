import { z } from 'zod';
import { sendComponentSchema } from '../templates/render';
import type { GraphError } from './errors';
import { SEND_TEXTS, sendErrors } from './send-errors';

/** Request bodies of POST /{phone_number_id}/messages that the sandbox understands (doc §2). */

const mediaObject = z.looseObject({
  id: z.string().min(1).optional(),
  link: z.string().optional(),
  caption: z.string().max(1024).optional(),
  filename: z.string().max(240).optional(),
  /** audio only: a voice note (OGG/Opus) rather than an audio file. */
  voice: z.boolean().optional(),
});

const envelope = {
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.enum(['individual', 'group']).optional(),
  to: z.string().min(1),
  context: z.object({ message_id: z.string().min(1) }).optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
};

export const sendMessageBody = z.discriminatedUnion('type', [
  z.object({
    ...envelope,
    type: z.literal('text'),
    text: z.object({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }),
  }),
  z.object({
    ...envelope,
    type: z.literal('template'),
    template: z.object({
      name: z.string().min(1),
      language: z.object({ code: z.string().min(1), policy: z.string().optional() }),
      components: z.array(sendComponentSchema).optional(),
    }),
  }),
  z.object({ ...envelope, type: z.literal('image'), image: mediaObject }),
  z.object({ ...envelope, type: z.literal('video'), video: mediaObject }),
  z.object({ ...envelope, type: z.literal('audio'), audio: mediaObject }),
  z.object({ ...envelope, type: z.literal('document'), document: mediaObject }),
  z.object({ ...envelope, type: z.literal('sticker'), sticker: mediaObject }),
  z.object({
    ...envelope,
    type: z.literal('reaction'),
    reaction: z.object({ message_id: z.string().min(1), emoji: z.string().max(16) }),
  }),
  z.object({
    ...envelope,
    type: z.literal('location'),
    location: z.object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().max(1000).optional(),
      address: z.string().max(1000).optional(),
    }),
  }),
  /** Checked by hand in validate-send.ts, for Meta's wording per limit. */
  z.object({ ...envelope, type: z.literal('contacts'), contacts: z.unknown() }),
  z.object({ ...envelope, type: z.literal('interactive'), interactive: z.unknown() }),
]);

export type SendMessageBody = z.infer<typeof sendMessageBody>;
export type MediaSendType = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export const readReceiptBody = z.object({
  messaging_product: z.literal('whatsapp'),
  status: z.literal('read'),
  message_id: z.string().min(1),
  typing_indicator: z.object({ type: z.literal('text') }).optional(),
});

/** Graph's answer to a body that does not validate: the first problem, as a parameter path. */
export function describeIssue(error: z.ZodError): GraphError {
  const issue = error.issues[0];
  if (!issue) return sendErrors.invalid('Invalid parameter');
  const path = issue.path
    .map((p, i) => (i === 0 ? String(p) : typeof p === 'number' ? `[${p}]` : `['${String(p)}']`))
    .join('');
  if (issue.code === 'invalid_union' || (issue.path.length === 1 && issue.path[0] === 'type')) {
    return sendErrors.param(SEND_TEXTS.unsupportedType);
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return sendErrors.required(path);
  if (issue.code === 'too_big' && issue.origin === 'string')
    return sendErrors.tooLong(path, Number(issue.maximum));
  if (issue.code === 'too_small' && issue.origin === 'string')
    return sendErrors.param(SEND_TEXTS.empty(path));
  return sendErrors.param(`Param ${path} is invalid: ${issue.message}`);
}
