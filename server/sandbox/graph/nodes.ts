import { createHash } from 'node:crypto';
import { z } from 'zod';
import { getSelfOrigin } from '../../lib/self-origin';
import { findPhoneNumber, phoneNumbersOfWaba, type SandboxPhoneNumber } from '../state/accounts';
import { deleteMedia, findMediaInfo, type MediaInfo, signedMediaQuery } from '../state/media';
import { findTemplateById, type SandboxTemplate } from '../state/templates';
import { type SandboxToken, sandboxAppCredentials } from '../state/tokens';
import type { GraphContext } from './context';
import { requireWaba } from './context';
import { graphErrors } from './errors';
import { pageLimit, selectFields } from './fields';
import { templateNode } from './templates';

/** A Graph object id as the sandbox resolves it: a number, a WABA, a media file or a template. */
export type GraphNode =
  | { kind: 'phone'; phone: SandboxPhoneNumber }
  | { kind: 'waba'; wabaId: string; phones: SandboxPhoneNumber[] }
  | { kind: 'media'; media: MediaInfo; phone: SandboxPhoneNumber | null }
  | { kind: 'template'; template: SandboxTemplate };

export const NODE_TYPES: Record<GraphNode['kind'], string> = {
  phone: 'WhatsAppBusinessPhoneNumber',
  waba: 'WhatsAppBusinessAccount',
  media: 'WhatsAppBusinessMedia',
  template: 'WhatsAppMessageTemplate',
};

/** Resolves an id the token may see, or throws Meta's 100/33 (unknown) or 200 (not granted). */
export async function resolveNode(ctx: GraphContext, token: SandboxToken, id: string): Promise<GraphNode> {
  if (!/^\d{1,20}$/.test(id)) throw graphErrors.unknownObject(id);
  const phone = await findPhoneNumber(ctx.db, id);
  if (phone) {
    requireWaba(token, phone.wabaId);
    return { kind: 'phone', phone };
  }
  const phones = await phoneNumbersOfWaba(ctx.db, id);
  if (phones.length > 0) {
    requireWaba(token, id);
    return { kind: 'waba', wabaId: id, phones };
  }
  const media = await findMediaInfo(ctx.db, id);
  if (media) {
    const owner = await findPhoneNumber(ctx.db, media.phoneNumberId);
    if (!owner || owner.wabaId !== token.wabaId) throw graphErrors.unknownObject(id);
    return { kind: 'media', media, phone: owner };
  }
  const template = await findTemplateById(ctx.db, id);
  if (template) {
    requireWaba(token, template.wabaId);
    return { kind: 'template', template };
  }
  throw graphErrors.unknownObject(id);
}

export function phoneNode(phone: SandboxPhoneNumber, env: GraphContext['env']): Record<string, unknown> {
  return {
    verified_name: phone.verifiedName,
    code_verification_status: 'VERIFIED',
    display_phone_number: phone.displayPhoneNumber,
    quality_rating: 'GREEN',
    platform_type: 'CLOUD_API',
    throughput: { level: 'STANDARD' },
    webhook_configuration: { application: `${getSelfOrigin(env.port)}/webhooks/whatsapp` },
    status: 'CONNECTED',
    name_status: 'APPROVED',
    messaging_limit_tier: 'TIER_10K',
    account_mode: 'LIVE',
    is_official_business_account: false,
    host_platform: 'CLOUD_API',
    id: phone.id,
  };
}

const PHONE_DEFAULTS = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'platform_type',
  'throughput',
  'webhook_configuration',
  'id',
];
const PHONE_LIST_DEFAULTS = [
  'verified_name',
  'code_verification_status',
  'display_phone_number',
  'quality_rating',
  'id',
];

function wabaNode(node: Extract<GraphNode, { kind: 'waba' }>): Record<string, unknown> {
  const first = node.phones[0]!;
  const namespace = createHash('sha256').update(`namespace:${node.wabaId}`).digest('hex').slice(0, 20);
  return {
    id: node.wabaId,
    name: first.wabaName,
    currency: 'USD',
    timezone_id: '1',
    message_template_namespace: `${namespace.slice(0, 8)}_${namespace.slice(8)}`,
    account_review_status: 'APPROVED',
    business_verification_status: 'verified',
    country: 'US',
    ownership_type: 'CLIENT_OWNED',
    primary_business_location: 'US',
  };
}

function mediaNode(ctx: GraphContext, media: MediaInfo): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp',
    url: `${ctx.origin}/sandbox/lookaside/whatsapp_business/attachments/?${signedMediaQuery(media.id, ctx.env.secretKey)}`,
    mime_type: media.mimeType,
    sha256: media.sha256,
    file_size: String(media.size),
    id: media.id,
  };
}

/** GET /{id}: a number, a WABA, a media file (with its 5-minute download URL) or a template. */
export function readNode(ctx: GraphContext, node: GraphNode, query: Record<string, unknown>) {
  const fields = typeof query.fields === 'string' ? query.fields : undefined;
  switch (node.kind) {
    case 'phone':
      return selectFields(phoneNode(node.phone, ctx.env), NODE_TYPES.phone, fields, PHONE_DEFAULTS);
    case 'waba':
      return selectFields(wabaNode(node), NODE_TYPES.waba, fields, ['id', 'name']);
    case 'template':
      return selectFields(templateNode(node.template, ctx.origin), NODE_TYPES.template, fields, [
        'name',
        'parameter_format',
        'components',
        'language',
        'status',
        'category',
        'id',
      ]);
    case 'media': {
      const onlyFor = query.phone_number_id;
      if (typeof onlyFor === 'string' && onlyFor !== node.media.phoneNumberId) {
        throw graphErrors.invalidParameter(
          `Media ${node.media.id} does not belong to phone number ${onlyFor}.`,
        );
      }
      return mediaNode(ctx, node.media);
    }
  }
}

/** DELETE /{media_id}: only media can be deleted here. */
export async function deleteNode(ctx: GraphContext, node: GraphNode) {
  if (node.kind !== 'media') throw graphErrors.invalidParameter('This object cannot be deleted.');
  await deleteMedia(ctx.db, node.media.id);
  return { success: true };
}

/** GET /{waba}/phone_numbers, paged like Graph (the sandbox has one number per WABA). */
export function listPhoneNumbers(ctx: GraphContext, node: GraphNode, query: Record<string, unknown>) {
  if (node.kind !== 'waba') throw graphErrors.unknownEdge('phone_numbers', NODE_TYPES[node.kind]);
  const limit = pageLimit(query.limit);
  const fields = typeof query.fields === 'string' ? query.fields : undefined;
  const after = typeof query.after === 'string' ? Buffer.from(query.after, 'base64').toString('utf8') : null;
  const start = after ? node.phones.findIndex((p) => p.id === after) + 1 : 0;
  const page = node.phones.slice(start, start + limit);
  const data = page.map((p) =>
    selectFields(phoneNode(p, ctx.env), NODE_TYPES.phone, fields, PHONE_LIST_DEFAULTS),
  );
  const cursor = (id: string) => Buffer.from(id, 'utf8').toString('base64');
  return {
    data,
    paging: page.length
      ? { cursors: { before: cursor(page[0]!.id), after: cursor(page[page.length - 1]!.id) } }
      : { cursors: {} },
  };
}

/** GET /{waba}/subscribed_apps: the app this server is (the sandbox only knows one). */
export function listSubscribedApps(ctx: GraphContext, node: GraphNode) {
  if (node.kind !== 'waba') throw graphErrors.unknownEdge('subscribed_apps', NODE_TYPES[node.kind]);
  const app = sandboxAppCredentials(ctx.env);
  return {
    data: [
      {
        whatsapp_business_api_data: {
          id: app.appId,
          name: 'Switchboard',
          link: `https://www.facebook.com/games/?app_id=${app.appId}`,
        },
      },
    ],
  };
}

/** POST /{waba}/subscribed_apps: webhooks for the WABA go to this server's /webhooks/whatsapp. */
export function subscribeApp(node: GraphNode) {
  if (node.kind !== 'waba') throw graphErrors.unknownEdge('subscribed_apps', NODE_TYPES[node.kind]);
  return { success: true };
}

const registerBody = z.object({
  messaging_product: z.literal('whatsapp'),
  pin: z.string().regex(/^\d{6}$/),
  backup: z.unknown().optional(),
  tier: z.string().optional(),
  data_localization_region: z.string().optional(),
});

/** POST /{phone_number_id}/register with the 6-digit two-step PIN. */
export function registerNumber(node: GraphNode, body: unknown) {
  if (node.kind !== 'phone') throw graphErrors.unknownEdge('register', NODE_TYPES[node.kind]);
  const parsed = registerBody.safeParse(body ?? {});
  if (!parsed.success) {
    const pinIssue = parsed.error.issues.some((i) => i.path[0] === 'pin');
    throw graphErrors.invalidParameter(
      pinIssue
        ? 'The parameter pin must be exactly 6 digits.'
        : 'The parameter messaging_product is required and must be whatsapp.',
    );
  }
  return { success: true };
}
