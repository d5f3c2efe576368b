import {
  type DebugTokenInfo,
  type PhoneNumberInfo,
  readDebugToken,
  readPhoneNumber,
  readTemplate,
  readWaba,
  type TemplateComponent,
  type TemplateInfo,
  type WabaInfo,
} from './graph-responses';
import { createGraphTransport, fail } from './graph-transport';
import { asBlob, createResumableUpload, type UploadData, uploadFilenameFor } from './graph-uploads';
import { buildReadReceipt, normalizeRecipient, type OutboundMessage } from './message-builders';
import {
  arrayOf,
  booleanOrNull,
  isRecord,
  nonEmptyOrNull,
  numberOrNull,
  recordOf,
  stringOrNull,
} from './wire-guards';

export type {
  TemplateSampleUpload,
  UploadChunkResult,
  UploadData,
  UploadSessionInput,
  UploadSessionStatus,
} from './graph-uploads';
export { uploadFilenameFor } from './graph-uploads';

/** What Meta grants a long-lived user token when none is stated: about 60 days. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 60 * 24 * 60 * 60;
export const PHONE_NUMBER_FIELDS =
  'id,display_phone_number,verified_name,quality_rating,code_verification_status,status,platform_type,messaging_limit_tier,throughput';
export const WABA_FIELDS = 'id,name,currency,timezone_id,message_template_namespace';
export const TEMPLATE_FIELDS = 'name,status,components,language,category,id';

const PAGE_LIMIT = 100;

export type GraphClientOptions = {
  /** e.g. https://graph.facebook.com/v22.0, or the sandbox's /sandbox/graph/v22.0. */
  baseUrl: string;
  /** The account's (or system user's) token, sent as `Authorization: Bearer`. */
  accessToken?: string;
  appId?: string;
  appSecret?: string;
  fetch?: typeof fetch;
  /** Per-request timeout for API calls; default 15 s. */
  timeoutMs?: number;
  /** Timeout for media downloads and uploads (files up to 100 MB); default 120 s. */
  downloadTimeoutMs?: number;
  /** First pause before resuming an interrupted template-media upload (doubles each time); default 1 s. */
  uploadRetryDelayMs?: number;
};

export type TokenExchangeResult = { accessToken: string; tokenType: string | null; expiresIn: number };
export type CodeExchangeResult = { accessToken: string; tokenType: string | null; expiresIn: number | null };
export type SendResult = {
  /** The wamid Meta assigned; status webhooks refer to it. */
  externalId: string;
  waId: string | null;
  /** Only for paced templates: accepted, held_for_quality_assessment or paused. */
  messageStatus: string | null;
};
export type MediaUpload = { data: UploadData; filename: string; mimeType: string };
export type MediaUrlInfo = {
  id: string;
  /** Valid for 5 minutes; download it with the bearer token. */
  url: string;
  mimeType: string | null;
  sha256: string | null;
  fileSize: number | null;
};
export type DownloadedMedia = { data: Buffer; contentType: string | null };
export type CreateTemplateInput = {
  name: string;
  category: string;
  language: string;
  components: TemplateComponent[];
  parameterFormat?: 'named' | 'positional';
};
export type CreatedTemplate = { id: string; status: string | null; category: string | null };

/** Creates a client for every Graph API call the app makes (spec §7); it never logs or leaks the tokens. */
export function createGraphClient(options: GraphClientOptions) {
  const transport = createGraphTransport(options);
  const { send, collectPages, download, requireApp } = transport;

  return {
    ...createResumableUpload(transport, options.uploadRetryDelayMs ?? 1000),

    /** Exchanges a short-lived user token for a ~60-day one (GET oauth/access_token, fb_exchange_token). */
    async exchangeToken(shortLivedToken: string): Promise<TokenExchangeResult> {
      const app = requireApp();
      const { status, body } = await send({
        method: 'GET',
        path: ['oauth', 'access_token'],
        query: {
          grant_type: 'fb_exchange_token',
          client_id: app.appId,
          client_secret: app.appSecret,
          set_token_expires_in_60_days: 'true',
          fb_exchange_token: shortLivedToken,
        },
        auth: 'none',
        secrets: [shortLivedToken],
      });
      const accessToken =
        nonEmptyOrNull(body.access_token) ?? fail('no_access_token', 'No access token in response', status);
      return {
        accessToken,
        tokenType: nonEmptyOrNull(body.token_type),
        expiresIn: numberOrNull(body.expires_in) ?? DEFAULT_TOKEN_LIFETIME_SECONDS,
      };
    },

    /** Exchanges an embedded-signup code for a business token (POST oauth/access_token, form-encoded). */
    async exchangeCode(code: string): Promise<CodeExchangeResult> {
      const app = requireApp();
      const { status, body } = await send({
        method: 'POST',
        path: ['oauth', 'access_token'],
        form: { client_id: app.appId, client_secret: app.appSecret, code },
        auth: 'none',
        secrets: [code],
      });
      const accessToken =
        nonEmptyOrNull(body.access_token) ?? fail('no_access_token', 'No access token in response', status);
      return {
        accessToken,
        tokenType: nonEmptyOrNull(body.token_type),
        expiresIn: numberOrNull(body.expires_in),
      };
    },

    /** Inspects a token (validity, expiry, scopes, WABA ids it can manage) with GET debug_token. */
    async debugToken(inputToken: string): Promise<DebugTokenInfo> {
      const { status, body } = await send({
        method: 'GET',
        path: ['debug_token'],
        query: { input_token: inputToken },
        auth: 'app',
        secrets: [inputToken],
      });
      if (!isRecord(body.data)) fail('invalid_format', 'Invalid response format from WhatsApp API', status);
      return readDebugToken(recordOf(body.data));
    },

    /** Reads one business phone number; also the cheapest way to check that a token works for it. */
    async getPhoneNumber(phoneNumberId: string): Promise<PhoneNumberInfo> {
      const { body } = await send({
        method: 'GET',
        path: [phoneNumberId],
        query: { fields: PHONE_NUMBER_FIELDS },
        auth: 'account',
      });
      return readPhoneNumber(body);
    },

    /** Lists every phone number of a WABA, following paging. */
    async listPhoneNumbers(wabaId: string): Promise<PhoneNumberInfo[]> {
      return collectPages(
        {
          method: 'GET',
          path: [wabaId, 'phone_numbers'],
          query: { fields: PHONE_NUMBER_FIELDS, limit: PAGE_LIMIT },
          auth: 'account',
        },
        readPhoneNumber,
      );
    },

    /** Reads a WABA's id, name, currency, timezone and template namespace. */
    async getWaba(wabaId: string): Promise<WabaInfo> {
      const { body } = await send({
        method: 'GET',
        path: [wabaId],
        query: { fields: WABA_FIELDS },
        auth: 'account',
      });
      return readWaba(body);
    },

    /** Subscribes our app to a WABA's webhooks (POST /{waba}/subscribed_apps). */
    async subscribeApp(wabaId: string): Promise<{ success: boolean }> {
      const { body } = await send({ method: 'POST', path: [wabaId, 'subscribed_apps'], auth: 'account' });
      return { success: booleanOrNull(body.success) ?? false };
    },

    /** Registers a phone number for Cloud API use with its 6-digit two-step PIN (embedded signup). */
    async registerPhoneNumber(phoneNumberId: string, pin: string): Promise<{ success: boolean }> {
      const { body } = await send({
        method: 'POST',
        path: [phoneNumberId, 'register'],
        json: { messaging_product: 'whatsapp', pin },
        auth: 'account',
        secrets: [pin],
      });
      return { success: booleanOrNull(body.success) ?? false };
    },

    /** Sends a message built with the message builders; resolves with Meta's wamid or throws. */
    async sendMessage(phoneNumberId: string, message: OutboundMessage): Promise<SendResult> {
      const { status, body } = await send({
        method: 'POST',
        path: [phoneNumberId, 'messages'],
        json: { ...message, to: normalizeRecipient(message.to) },
        auth: 'account',
      });
      const first = recordOf(arrayOf(body.messages)[0]);
      const externalId =
        nonEmptyOrNull(first.id) ??
        fail('no_message_id', 'Failed to send message: No message ID received', status);
      return {
        externalId,
        waId: nonEmptyOrNull(recordOf(arrayOf(body.contacts)[0]).wa_id),
        messageStatus: nonEmptyOrNull(first.message_status),
      };
    },

    /** Marks an inbound message (and the earlier ones of its thread) as read, optionally showing "typing…". */
    async markAsRead(
      phoneNumberId: string,
      messageId: string,
      markOptions: { showTyping?: boolean } = {},
    ): Promise<{ success: boolean }> {
      const { body } = await send({
        method: 'POST',
        path: [phoneNumberId, 'messages'],
        json: buildReadReceipt(messageId, markOptions),
        auth: 'account',
      });
      return { success: booleanOrNull(body.success) ?? false };
    },

    /** Uploads a file for sending (multipart: messaging_product, type, file); resolves with the media id. */
    async uploadMedia(phoneNumberId: string, upload: MediaUpload): Promise<{ id: string }> {
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', upload.mimeType);
      form.set(
        'file',
        asBlob(upload.data, upload.mimeType),
        uploadFilenameFor(upload.filename, upload.mimeType),
      );
      const { status, body } = await send({
        method: 'POST',
        path: [phoneNumberId, 'media'],
        multipart: form,
        auth: 'account',
      });
      return {
        id: nonEmptyOrNull(body.id) ?? fail('no_media_id', 'No media ID returned from WhatsApp', status),
      };
    },

    /** Resolves a media id to its short-lived download URL and metadata (GET /{media_id}). */
    async getMediaUrl(mediaId: string, lookup: { phoneNumberId?: string } = {}): Promise<MediaUrlInfo> {
      const { status, body } = await send({
        method: 'GET',
        path: [mediaId],
        query: { phone_number_id: lookup.phoneNumberId },
        auth: 'account',
      });
      return {
        id: stringOrNull(body.id) ?? mediaId,
        url: nonEmptyOrNull(body.url) ?? fail('invalid_response', 'Invalid WhatsApp API response', status),
        mimeType: nonEmptyOrNull(body.mime_type),
        sha256: nonEmptyOrNull(body.sha256),
        fileSize: numberOrNull(body.file_size),
      };
    },

    /**
     * Downloads media from the URL getMediaUrl returned, with the bearer token; refuses URLs that are not
     * http(s) and, when maxBytes is set, bodies larger than that.
     */
    async downloadMedia(url: string, limits: { maxBytes?: number } = {}): Promise<DownloadedMedia> {
      return download(url, limits.maxBytes);
    },

    /** Lists every message template of a WABA, following paging to the last page. */
    async listTemplates(wabaId: string): Promise<TemplateInfo[]> {
      return collectPages(
        {
          method: 'GET',
          path: [wabaId, 'message_templates'],
          query: { fields: TEMPLATE_FIELDS, limit: PAGE_LIMIT },
          auth: 'account',
        },
        readTemplate,
      );
    },

    /** Submits a new template for review; Meta answers with its id and status (usually PENDING). */
    async createTemplate(wabaId: string, template: CreateTemplateInput): Promise<CreatedTemplate> {
      const { status, body } = await send({
        method: 'POST',
        path: [wabaId, 'message_templates'],
        json: {
          name: template.name,
          category: template.category,
          language: template.language,
          ...(template.parameterFormat ? { parameter_format: template.parameterFormat } : {}),
          components: template.components,
        },
        auth: 'account',
      });
      return {
        id: nonEmptyOrNull(body.id) ?? fail('invalid_response', 'Invalid WhatsApp API response', status),
        status: nonEmptyOrNull(body.status),
        category: nonEmptyOrNull(body.category),
      };
    },
  };
}

export type GraphClient = ReturnType<typeof createGraphClient>;
