/**
 * Campaigns (issue 15): an approved template broadcast to an audience of contacts, paced to the
 * number's limits, with a live report. This file is the contract of the drafts: what a campaign is
 * made of (template, audience, variables, schedule, send rate), how each part is validated, and how
 * the app shows a campaign. Owners create and change campaigns; every teammate sees them.
 */
import { z } from 'zod';
import type { UserSummary } from './inbox';

export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'completed',
  'cancelled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Meta's default throughput for a business number; numbers on a higher tier may go up to 1,000. */
export const DEFAULT_SEND_RATE = 80;
export const MAX_SEND_RATE = 1000;
export const CAMPAIGN_NAME_MAX = 80;
export const CAMPAIGN_FALLBACK_MAX = 200;
export const MAX_AUDIENCE_TAGS = 50;

export const CAMPAIGN_MSG = {
  nameRequired: 'Campaign name is required',
  nameTooLong: `Campaign names are at most ${CAMPAIGN_NAME_MAX} characters`,
  notFound: 'Campaign not found',
  notDraft: 'Only a draft can be changed',
  segmentNotFound: 'Segment not found',
  tagNotFound: 'One of the tags was not found',
  tagsRequired: 'Choose at least one tag',
  templateNotFound: 'Template not found',
  fieldNotFound: 'One of the variables uses a contact field that no longer exists',
  sendRate: `The send rate is a whole number of messages per second from 1 to ${MAX_SEND_RATE}`,
  timeZone: 'Choose a valid time zone',
  fallbackTooLong: `A fallback is at most ${CAMPAIGN_FALLBACK_MAX} characters`,
  textTooLong: `A fixed text is at most ${CAMPAIGN_FALLBACK_MAX} characters`,
  headerFileNotFound: 'Header file not found',
  notDeletable: 'Cancel the campaign before deleting it',
  templateRequired: 'Choose a template',
  templateNotApproved: 'Only an approved template can be sent',
  audienceRequired: 'Choose who receives the campaign',
  variableMissing: (where: string) => `Choose a value for the variable ${where}`,
} as const;

/**
 * Who receives it. Opted-out contacts are always left out (and counted apart); `opted_in` is only the
 * contacts who opted in, the others also reach contacts whose consent is unknown.
 */
export const campaignAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('segment'), segmentId: z.uuid(CAMPAIGN_MSG.segmentNotFound) }),
  z.object({
    kind: z.literal('tags'),
    tagIds: z
      .array(z.uuid(CAMPAIGN_MSG.tagNotFound))
      .min(1, CAMPAIGN_MSG.tagsRequired)
      .max(MAX_AUDIENCE_TAGS)
      .transform((ids) => [...new Set(ids)]),
    /** Contacts with any of the tags, or with all of them. */
    match: z.enum(['any', 'all']).default('any'),
  }),
  z.object({ kind: z.literal('opted_in') }),
]);
export type CampaignAudience = z.output<typeof campaignAudienceSchema>;

const fallback = z.string().max(CAMPAIGN_FALLBACK_MAX, CAMPAIGN_MSG.fallbackTooLong).default('');

/**
 * Where one template variable's value comes from for each recipient: the contact's name or phone, a
 * custom field, or a fixed text; `fallback` stands in for an empty value.
 */
export const variableSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('name'), fallback }),
  z.object({ kind: z.literal('phone'), fallback }),
  z.object({ kind: z.literal('field'), fieldId: z.uuid(CAMPAIGN_MSG.fieldNotFound), fallback }),
  z.object({
    kind: z.literal('text'),
    text: z.string().max(CAMPAIGN_FALLBACK_MAX, CAMPAIGN_MSG.textTooLong),
  }),
]);
export type VariableSource = z.output<typeof variableSourceSchema>;

/** One source per variable: body {{1}}…{{n}}, the header's {{1}}, a URL button's {{1}} by button index. */
export const campaignVariablesSchema = z.object({
  body: z.array(variableSourceSchema).max(100).default([]),
  header: z.array(variableSourceSchema).max(1).default([]),
  buttons: z
    .array(z.object({ index: z.number().int().min(0).max(9), value: variableSourceSchema }))
    .max(10)
    .default([]),
});
export type CampaignVariables = z.output<typeof campaignVariablesSchema>;

const name = z
  .string({ error: CAMPAIGN_MSG.nameRequired })
  .trim()
  .min(1, CAMPAIGN_MSG.nameRequired)
  .max(CAMPAIGN_NAME_MAX, CAMPAIGN_MSG.nameTooLong);

const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, CAMPAIGN_MSG.timeZone);

/** A draft's parts: each may be left out, and replaces the stored one as a whole when given. */
const draftParts = z.object({
  templateId: z.uuid(CAMPAIGN_MSG.templateNotFound).nullable().optional(),
  audience: campaignAudienceSchema.nullable().optional(),
  variables: campaignVariablesSchema.optional(),
  /** The file an image/video/document header carries; null sends the template's sample. */
  headerMediaId: z.uuid().nullable().optional(),
  sendRate: z
    .number({ error: CAMPAIGN_MSG.sendRate })
    .int(CAMPAIGN_MSG.sendRate)
    .min(1, CAMPAIGN_MSG.sendRate)
    .max(MAX_SEND_RATE, CAMPAIGN_MSG.sendRate)
    .optional(),
  /**
   * The zone the campaign is shown in. Left out, it is the team's (Settings → Team); scheduling sets
   * it to the team's zone whatever it was, since the schedule is read in that zone.
   */
  timeZone: timeZone.optional(),
});

/** POST /api/campaigns — a new draft; everything but the name may come later. */
export const createCampaignSchema = draftParts.extend({ name });
export type CreateCampaignInput = z.input<typeof createCampaignSchema>;
export type CreateCampaignBody = z.output<typeof createCampaignSchema>;

/** PATCH /api/campaigns/:campaignId — a draft's parts, each replaced as a whole when given. */
export const updateCampaignSchema = draftParts
  .extend({ name: name.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export type UpdateCampaignInput = z.input<typeof updateCampaignSchema>;
export type UpdateCampaignBody = z.output<typeof updateCampaignSchema>;

/** POST /api/campaigns/audience-count — the count for an audience being chosen. */
export const audienceCountSchema = z.object({ audience: campaignAudienceSchema });

/** Who an audience reaches now: the recipients, and the opted-out contacts it leaves out. */
export type AudienceCount = { recipients: number; optedOut: number };

/**
 * GET /api/campaigns/messaging-limit — Meta's messaging limit of the team's number (how many customers
 * it may start conversations with in a rolling 24 hours, from `messaging_limit_tier`) and how many
 * campaigns reached in the last 24 hours. `perDay` is null when Meta sets no limit or it is unknown.
 */
export type MessagingLimitResponse = { tier: string | null; perDay: number | null; usedLast24h: number };

export type Campaign = {
  id: string;
  name: string;
  status: CampaignStatus;
  templateId: string | null;
  /** The template's name and language, while it exists. */
  template: { name: string; language: string } | null;
  audience: CampaignAudience | null;
  variables: CampaignVariables;
  headerMediaId: string | null;
  sendRate: number;
  timeZone: string;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdBy: UserSummary | null;
  createdAt: string;
  updatedAt: string;
  /** Null while a draft or scheduled: the recipients are chosen when sending starts. */
  funnel: CampaignFunnel | null;
  wait: CampaignWait;
  abilities: {
    update: boolean;
    delete: boolean;
    schedule: boolean;
    unschedule: boolean;
    pause: boolean;
    resume: boolean;
    cancel: boolean;
    /** "Retry failed": a completed campaign's owner sends its retryable failures again. */
    retry: boolean;
  };
};
/**
 * The funnel, cumulative: `sent` counts every recipient that reached sent or further, `delivered`
 * those delivered or further, and so on; `queued` is still to be sent (or being sent now).
 */
export type CampaignFunnel = {
  recipients: number;
  queued: number;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
  skipped: number;
};

/** Why a sending campaign is not sending right now, when it waits. */
export type CampaignWait = 'messaging_limit' | 'rate_limit' | null;

export type CampaignResponse = { campaign: Campaign };
/** GET /api/campaigns: the newest first. */
export type CampaignListResponse = {
  campaigns: Campaign[];
  /** What the viewer may do on the list: start a new campaign (owners). */
  abilities: { create: boolean };
};

/** One recipient's rendering of the campaign, as the review step shows three real ones. */
export type CampaignPreviewRecipient = {
  contactId: string;
  /** The contact's name as the inbox shows it ('' when it has none). */
  name: string;
  phone: string;
  /** The text the customer reads: header, body and footer with this contact's values. */
  text: string;
};
/** GET /api/campaigns/:campaignId/preview */
export type CampaignPreviewResponse = { recipients: CampaignPreviewRecipient[] };
