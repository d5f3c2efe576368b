/**
 * The AI bot (issue 16, Marketing → AI Bots): a bot that answers customers by itself in unassigned
 * chats, inside the 24-hour window, and hands the chat to the team when it is unsure, when the
 * customer asks for a person, after a number of turns, or as soon as a teammate writes.
 *
 * Routes:
 * - `GET  /api/ai/bot`                    any teammate: `AiBotResponse` (owners edit, members read).
 * - `PUT  /api/ai/bot`                    owners: `aiBotSettingsInputSchema` (partial) → `AiBotResponse`.
 * - `POST /api/ai/bot/test`               owners: `aiBotTestSchema` → 200 `AiBotTestResponse`. Sends nothing.
 * - `PUT  /api/contacts/:contactId/bot`   any teammate who sees the contact: `chatBotPauseSchema`
 *                                         → 200 `{ bot: ChatBotState }`. `paused: false` after a
 *                                         hand-over re-enables the bot for that chat (turns reset).
 *
 * The bot's messages are ordinary outgoing text messages with `sentByBot: true` (InboxMessage in
 * ./inbox.ts) and `sentBy: null`; the chat labels them "AI bot". A chat's bot state comes with the
 * conversation header (`ContactDetail.bot`) and live as the `ai_bot.chat_changed` frame
 * (common/realtime.ts), which also says when teammates should be notified of a hand-over.
 */
import { z } from 'zod';
import { timeZoneSchema } from '../time-zone';
import type { AiErrorBody, AiStatus } from './ai';

export const AI_BOT_PATHS = {
  settings: '/api/ai/bot',
  test: '/api/ai/bot/test',
  chat: (contactId: string) => `/api/contacts/${contactId}/bot`,
} as const;

/** WhatsApp's text limit: the longest reply the bot may send. */
export const AI_BOT_MAX_LENGTH = 4_096;

export const AI_BOT_DEFAULTS = {
  enabled: false,
  when: 'always',
  maxTurns: 5,
  maxRepliesPerHour: 10,
  maxLength: 1_000,
} as const;

/** When the bot answers: at any time, or only while the team is closed (business hours below). */
export const AI_BOT_WHEN = ['always', 'outside_hours'] as const;
export type AiBotWhen = (typeof AI_BOT_WHEN)[number];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are written as HH:MM, from 00:00 to 23:59');

/** One weekday's opening hours in the team's time zone; null = closed all day. `close` after `open`. */
export const dayHoursSchema = z
  .object({ open: hhmm, close: hhmm })
  .refine((d) => d.close > d.open, { message: 'Closing time must be after opening time', path: ['close'] })
  .nullable();
export type DayHours = z.infer<typeof dayHoursSchema>;

export const businessHoursSchema = z.object({
  mon: dayHoursSchema,
  tue: dayHoursSchema,
  wed: dayHoursSchema,
  thu: dayHoursSchema,
  fri: dayHoursSchema,
  sat: dayHoursSchema,
  sun: dayHoursSchema,
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;

export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  mon: { open: '09:00', close: '17:00' },
  tue: { open: '09:00', close: '17:00' },
  wed: { open: '09:00', close: '17:00' },
  thu: { open: '09:00', close: '17:00' },
  fri: { open: '09:00', close: '17:00' },
  sat: null,
  sun: null,
};

/** The bot's settings as stored and shown. */
export type AiBotSettings = {
  enabled: boolean;
  when: AiBotWhen;
  /**
   * The team's time zone (Settings → Team, common/api/team.ts), in which business hours are read. The
   * bot has no zone of its own: this is shown, not set here.
   */
  timeZone: string;
  hours: BusinessHours;
  /** Bot replies in a chat before it hands over ('turn_limit'); counted since the last resume. */
  maxTurns: number;
  /** Bot replies to one customer in any 60 minutes; one more would hand over ('rate_limited'). */
  maxRepliesPerHour: number;
  /** Longest reply in characters (≤ 4,096); a longer answer is not sent and hands over ('too_long'). */
  maxLength: number;
  updatedAt: string | null;
};

/** PUT /api/ai/bot (owners): every field optional; what is left out keeps its value. */
export const aiBotSettingsInputSchema = z.object({
  enabled: z.boolean().optional(),
  when: z.enum(AI_BOT_WHEN, { error: 'when must be always or outside_hours' }).optional(),
  /**
   * Kept for older clients: the zone is the team's now (PUT /api/team/time-zone). The team's own zone
   * is accepted and changes nothing; another one is refused (400) with where to change it.
   */
  timeZone: timeZoneSchema().optional(),
  hours: businessHoursSchema.optional(),
  maxTurns: z
    .number()
    .int('The turn limit is a whole number')
    .min(1, 'The turn limit is at least 1')
    .max(50, 'The turn limit is at most 50')
    .optional(),
  maxRepliesPerHour: z
    .number()
    .int('The hourly limit is a whole number')
    .min(1, 'The hourly limit is at least 1')
    .max(60, 'The hourly limit is at most 60')
    .optional(),
  maxLength: z
    .number()
    .int('The reply length is a whole number')
    .min(50, 'The reply length is at least 50 characters')
    .max(
      AI_BOT_MAX_LENGTH,
      `The reply length is at most ${AI_BOT_MAX_LENGTH.toLocaleString('en-US')} characters`,
    )
    .optional(),
});
export type AiBotSettingsInput = z.infer<typeof aiBotSettingsInputSchema>;

/** GET/PUT /api/ai/bot. `status` is the model the bot would use (common/api/ai.ts; Settings → AI). */
export type AiBotResponse = {
  settings: AiBotSettings;
  status: AiStatus;
  /** Whether the bot answers right now by its schedule (ignores per-chat state). */
  answeringNow: boolean;
  abilities: { configure: boolean };
};

/** Why the bot stopped and handed a chat to the team. */
export const AI_BOT_HANDOVER_REASONS = [
  'unsure',
  'asked_for_person',
  'turn_limit',
  'teammate_replied',
  'provider_failed',
  'rate_limited',
  'too_long',
] as const;
export type AiBotHandoverReason = (typeof AI_BOT_HANDOVER_REASONS)[number];

/** The words for each reason ("Handed over by the AI bot: <words>"). */
export const AI_BOT_HANDOVER_LABELS: Record<AiBotHandoverReason, string> = {
  unsure: 'the bot was not sure how to answer',
  asked_for_person: 'the customer asked for a person',
  turn_limit: 'the bot reached its turn limit',
  teammate_replied: 'a teammate replied',
  provider_failed: 'the AI model could not answer',
  rate_limited: 'the customer reached the hourly reply limit',
  too_long: 'the answer was too long to send',
};

/**
 * A chat's bot state. `off`: the team's bot is turned off. `active`: the bot answers this chat while it
 * is unassigned and the schedule says so. `paused`: a teammate paused it for this chat.
 * `handed_over`: the bot stopped (`reason`) and left the chat to the team until someone resumes it.
 * `at`: when it was paused or handed over.
 */
export type ChatBotState = {
  state: 'active' | 'paused' | 'handed_over' | 'off';
  reason?: AiBotHandoverReason;
  at?: string;
};

/** PUT /api/contacts/:contactId/bot. */
export const chatBotPauseSchema = z.object({
  paused: z.boolean({ error: 'paused must be true or false' }),
});
export type ChatBotPauseInput = z.infer<typeof chatBotPauseSchema>;
export type ChatBotResponse = { bot: ChatBotState };

/** A PUT naming a zone other than the team's (`timeZone` of the input). */
export const aiBotTimeZoneMoved = (teamZone: string) =>
  `Business hours use the team’s time zone (${teamZone.replaceAll('_', ' ')}); the owner changes it in Settings → Team.`;

/** Longest test conversation and message the test chat takes. */
export const AI_BOT_TEST_MAX_MESSAGES = 20;

/** POST /api/ai/bot/test (owners): the conversation so far, oldest first; the last one is the customer's. */
export const aiBotTestSchema = z.object({
  messages: z
    .array(
      z.object({
        from: z.enum(['customer', 'bot']),
        text: z.string().trim().min(1, 'A message cannot be empty').max(AI_BOT_MAX_LENGTH),
      }),
    )
    .min(1, 'Write a message as the customer first')
    .max(AI_BOT_TEST_MAX_MESSAGES, `The test chat keeps at most ${AI_BOT_TEST_MAX_MESSAGES} messages`)
    .refine((m) => m.at(-1)?.from === 'customer', {
      message: 'The last message must be the customer’s',
    }),
});
export type AiBotTestInput = z.infer<typeof aiBotTestSchema>;

/**
 * The bot's answer to a test conversation, against the current knowledge and settings (nothing is
 * sent, nothing stored). `reply` is null when it would hand over instead (`handOver.reason`).
 */
export type AiBotTestResponse =
  | { ok: true; reply: string | null; handOver?: { reason: AiBotHandoverReason } }
  | { ok: false; error: AiErrorBody };
