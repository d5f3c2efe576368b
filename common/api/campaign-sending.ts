/**
 * Campaigns, sending and report (issue 15): scheduling a draft, pausing, resuming and cancelling it,
 * its funnel, its timeline and its recipients. The drafts' contract is `campaigns.ts`.
 */
import { z } from 'zod';
import type { Campaign } from './campaigns';
import type { Segment } from './segments';

/** Where one recipient is: the furthest step it reached (a reply counts as read and delivered too). */
export const RECIPIENT_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'skipped',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const SENDING_MSG = {
  notDraft: 'Only a draft can be scheduled',
  sendAtPast: 'Choose a time in the future',
  sendAtTooFar: 'A campaign can be scheduled at most 90 days ahead',
  localSendAt: 'Choose a date and a time',
  sendAtOrLocal: 'Send now (sendAt: null) or choose a date and time (localSendAt), not both',
  audienceEmpty: 'No one in this audience can receive the campaign',
  notSending: 'Only a sending campaign can be paused',
  notPaused: 'Only a paused campaign can be resumed',
  notScheduled: 'Only a scheduled campaign can go back to draft',
  finished: 'This campaign has already finished',
  nothingToRetry: 'No failed recipient can be sent again',
  retryWhileSending: 'Wait until the campaign has finished sending',
  statusesRequired: 'Choose at least one group of recipients',
} as const;

/**
 * POST /api/campaigns/:campaignId/schedule — `sendAt: null` sends now. `localSendAt` schedules at a
 * date and time on the team's wall clock ('2026-03-05T09:30'): the server reads it in the team's time
 * zone (Settings → Team) and records that zone on the campaign. `sendAt` as an instant (with its
 * offset) is still taken, for older clients. One of the two.
 */
export const scheduleCampaignSchema = z
  .object({
    sendAt: z.iso.datetime({ offset: true, error: SENDING_MSG.sendAtPast }).nullable().optional(),
    localSendAt: z
      .string({ error: SENDING_MSG.localSendAt })
      .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, SENDING_MSG.localSendAt)
      .optional(),
  })
  .refine((v) => (v.sendAt === undefined) !== (v.localSendAt === undefined), {
    message: SENDING_MSG.sendAtOrLocal,
    path: ['sendAt'],
  });
export type ScheduleCampaignInput = z.input<typeof scheduleCampaignSchema>;

/** One bucket of the report's chart: sends and reads in [at, at + bucketSeconds). */
export type CampaignTimelinePoint = { at: string; sent: number; read: number };

/** GET /api/campaigns/:campaignId/report */
export type CampaignReportResponse = {
  /** Its funnel and wait are the campaign's own. */
  campaign: Campaign;
  bucketSeconds: number;
  timeline: CampaignTimelinePoint[];
  /** Failed recipients whose failure can be sent again (429, 5xx, throttling, timeouts). */
  retryable: number;
};

export const RECIPIENTS_PAGE_SIZE = 50;

/** GET /api/campaigns/:campaignId/recipients?status=&q=&cursor= */
export const recipientListQuerySchema = z.object({
  status: z.enum(RECIPIENT_STATUSES).optional(),
  /** Name or phone, as the inbox searches. */
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(RECIPIENTS_PAGE_SIZE),
});
export type RecipientListQuery = z.input<typeof recipientListQuerySchema>;

export type CampaignRecipient = {
  contactId: string;
  name: string;
  phone: string;
  status: RecipientStatus;
  /** When it reached its status. */
  at: string;
  /** Meta's code and the error in words, for failed and skipped recipients. */
  errorCode: number | null;
  error: string | null;
  retryable: boolean;
  /** The message in the contact's chat, once sent. */
  messageId: string | null;
};
export type RecipientListResponse = { recipients: CampaignRecipient[]; nextCursor: string | null };

/** POST /api/campaigns/:campaignId/retry-failed → how many were queued again. */
export type RetryFailedResponse = { campaign: Campaign; retried: number };

/** The recipients "Save as segment" can keep. */
export const SEGMENT_FROM_STATUSES = ['read', 'replied', 'failed'] as const;

/** POST /api/campaigns/:campaignId/segment — a segment of the recipients in these groups. */
export const campaignSegmentSchema = z.object({
  name: z.string().trim().min(1, 'Segment name is required').max(80),
  statuses: z.array(z.enum(SEGMENT_FROM_STATUSES)).min(1, SENDING_MSG.statusesRequired),
});
export type CampaignSegmentInput = z.input<typeof campaignSegmentSchema>;
export type CampaignSegmentResponse = { segment: Segment };
