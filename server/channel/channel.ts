import type { Executor } from '../db/client';
import type { TemplateComponent, TemplateInfo } from '../whatsapp/graph-responses';
import type { OutboundMessage } from '../whatsapp/message-builders';

/**
 * The seam between the core and WhatsApp. The core (commands, jobs, template sync, connect) talks to
 * a number through a `WhatsAppChannel` and never to the Graph client; `cloud-api.ts` is the one
 * implementation, over `whatsapp/graph-client.ts`, pointed at Meta or at the built-in sandbox.
 *
 * Failures are the wire layer's errors as they come (`GraphApiError` with Meta's code,
 * `GraphNetworkError`, `GraphResponseError`, `GraphConfigError` from `whatsapp/graph-errors.ts`), so
 * callers classify them and `whatsapp/error-map.ts` words them exactly as before.
 */

/** A message body as the builders in `whatsapp/message-builders.ts` make it (text, media, template, reaction). */
export type ChannelMessage = OutboundMessage;

export type SentMessage = {
  /** The provider's message id (wamid); status webhooks refer to it. */
  externalId: string;
  waId: string | null;
  /** Only for paced templates: accepted, held_for_quality_assessment or paused. */
  messageStatus: string | null;
};

/** A file to upload: bytes in memory, or a Blob (from disk: `fs.openAsBlob`, streamed, never read whole). */
export type FileData = Blob | Uint8Array;
export type FileUpload = { data: FileData; filename: string; mimeType: string };
/** A template's sample file (a media header's example). */
export type TemplateSample = { data: FileData; fileName: string; fileType: string };

/** Where a received file can be fetched from (valid for minutes) and what the provider says it is. */
export type RemoteMedia = {
  id: string;
  url: string;
  mimeType: string | null;
  sha256: string | null;
  fileSize: number | null;
};
export type DownloadedFile = { data: Buffer; contentType: string | null };

/** A template component and a listed template, as the wire layer reads them from the provider. */
export type TemplateComponentSpec = TemplateComponent;
export type ListedTemplate = TemplateInfo;
export type TemplateSubmission = {
  name: string;
  category: string;
  language: string;
  components: TemplateComponentSpec[];
  parameterFormat?: 'named' | 'positional';
};
export type SubmittedTemplate = { id: string; status: string | null; category: string | null };

/** One connected number, speaking with its account's token. */
export interface WhatsAppChannel {
  readonly phoneNumberId: string;
  /** The business account the number belongs to (templates live there); null when never stored. */
  readonly wabaId: string | null;
  /** Sends one message; resolves with the provider's id or throws. */
  send(message: ChannelMessage): Promise<SentMessage>;
  /** A read receipt for an incoming message (and the earlier ones of its thread). */
  markRead(externalId: string): Promise<void>;
  /** Uploads a file for sending; resolves with the provider's media id. */
  uploadMedia(file: FileUpload): Promise<{ id: string }>;
  /** Looks a received media id up: its short-lived URL and metadata. */
  getMedia(mediaId: string): Promise<RemoteMedia>;
  /** Downloads what `getMedia` pointed at, refusing more than `maxBytes`. */
  downloadMedia(url: string, limits?: { maxBytes?: number }): Promise<DownloadedFile>;
  /** Every template of the number's business account (all pages). */
  listTemplates(): Promise<ListedTemplate[]>;
  /** Submits a template for review. */
  createTemplate(template: TemplateSubmission): Promise<SubmittedTemplate>;
  /** Uploads a media header's sample; resolves with the handle a template quotes. */
  uploadTemplateSample(file: TemplateSample): Promise<{ handle: string }>;
}

export type ExchangedToken = { accessToken: string; expiresIn: number | null };
export type RenewedToken = { accessToken: string; expiresIn: number };
export type TokenDetails = {
  isValid: boolean;
  /** null when the token never expires. */
  expiresAt: Date | null;
  /** Business accounts the token can manage, newest first. */
  wabaIds: string[];
};
export type PhoneNumberDetails = {
  id: string;
  displayPhoneNumber: string | null;
  verifiedName: string | null;
  /** Business-initiated conversations per 24 h: TIER_250, TIER_1K … TIER_UNLIMITED (campaigns respect it). */
  messagingLimitTier?: string | null;
};
export type BusinessAccountDetails = { id: string; name: string | null };

/**
 * The calls made around a token before (or outside) a stored account: embedded signup and a typed-in
 * token (connect), and renewing an account's token. Built with app credentials and, optionally, the
 * token to speak with.
 */
export interface WhatsAppConnector {
  /** Embedded signup's code → a business token. */
  exchangeCode(code: string): Promise<ExchangedToken>;
  /** A token → a fresh long-lived one. */
  exchangeToken(token: string): Promise<RenewedToken>;
  /** What a token is: validity, expiry, the business accounts it manages. */
  debugToken(token: string): Promise<TokenDetails>;
  getPhoneNumber(phoneNumberId: string): Promise<PhoneNumberDetails>;
  listPhoneNumbers(wabaId: string): Promise<PhoneNumberDetails[]>;
  getWaba(wabaId: string): Promise<BusinessAccountDetails>;
  /** Subscribes the app to the business account's webhooks. */
  subscribeApp(wabaId: string): Promise<{ success: boolean }>;
}

/** Built once at start-up (`server/main.ts`, `app.ts`, the test harness) and handed to jobs, routes and commands. */
export interface ChannelProvider {
  /** The stored account's channel; null when the account is unknown or has no token (not connected). */
  forAccount(db: Executor, accountId: string): Promise<WhatsAppChannel | null>;
  /** App-credential calls, speaking with `accessToken` when given. */
  connector(accessToken?: string): WhatsAppConnector;
}
