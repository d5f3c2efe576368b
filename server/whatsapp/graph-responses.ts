/**
 * Readers that turn Graph API response bodies into the typed results the client returns. They are lenient
 * (missing optional fields become null) and leave "is the required field there?" checks to the client.
 */
import {
  arrayOf,
  booleanOrNull,
  dateFromUnixSeconds,
  isRecord,
  type JsonRecord,
  nonEmptyOrNull,
  numberOrNull,
  recordOf,
  stringOrNull,
} from './wire-guards';

export type PhoneNumberInfo = {
  id: string;
  /** As Meta formats it here, e.g. '+1 631-555-5555' (webhooks carry digits only). */
  displayPhoneNumber: string | null;
  verifiedName: string | null;
  qualityRating: string | null;
  codeVerificationStatus: string | null;
  status: string | null;
  platformType: string | null;
  messagingLimitTier: string | null;
  throughputLevel: string | null;
};

export type WabaInfo = {
  id: string;
  name: string | null;
  currency: string | null;
  timezoneId: string | null;
  messageTemplateNamespace: string | null;
};

export type DebugTokenInfo = {
  isValid: boolean;
  appId: string | null;
  application: string | null;
  type: string | null;
  userId: string | null;
  /** null when the token never expires (Meta sends 0). */
  expiresAt: Date | null;
  dataAccessExpiresAt: Date | null;
  scopes: string[];
  granularScopes: { scope: string; targetIds: string[] }[];
  /** WABA ids the token can manage (whatsapp_business_management targets; newest first, as Meta lists them). */
  wabaIds: string[];
};

export type TemplateComponent = {
  type: string;
  format?: string;
  text?: string;
  example?: Record<string, unknown>;
  buttons?: Record<string, unknown>[];
  [key: string]: unknown;
};

export type TemplateInfo = {
  id: string;
  name: string;
  status: string;
  category: string | null;
  language: string | null;
  parameterFormat: string | null;
  components: TemplateComponent[];
};

/** Reads a phone-number node (GET /{phone_number_id} or an item of /{waba}/phone_numbers). */
export function readPhoneNumber(raw: unknown): PhoneNumberInfo {
  const node = recordOf(raw);
  return {
    id: stringOrNull(node.id) ?? '',
    displayPhoneNumber: nonEmptyOrNull(node.display_phone_number),
    verifiedName: nonEmptyOrNull(node.verified_name),
    qualityRating: nonEmptyOrNull(node.quality_rating),
    codeVerificationStatus: nonEmptyOrNull(node.code_verification_status),
    status: nonEmptyOrNull(node.status),
    platformType: nonEmptyOrNull(node.platform_type),
    messagingLimitTier: nonEmptyOrNull(node.messaging_limit_tier),
    throughputLevel: nonEmptyOrNull(recordOf(node.throughput).level),
  };
}

/** Reads a WABA node (GET /{waba_id}?fields=…). */
export function readWaba(raw: JsonRecord): WabaInfo {
  return {
    id: stringOrNull(raw.id) ?? '',
    name: nonEmptyOrNull(raw.name),
    currency: nonEmptyOrNull(raw.currency),
    timezoneId: nonEmptyOrNull(raw.timezone_id),
    messageTemplateNamespace: nonEmptyOrNull(raw.message_template_namespace),
  };
}

/** Reads the `data` object of GET /debug_token. */
export function readDebugToken(data: JsonRecord): DebugTokenInfo {
  const granularScopes = arrayOf(data.granular_scopes)
    .filter(isRecord)
    .map((g) => ({
      scope: stringOrNull(g.scope) ?? '',
      targetIds: arrayOf(g.target_ids)
        .map(stringOrNull)
        .filter((id): id is string => id !== null && id !== ''),
    }));
  const targetsOf = (scope: string) => granularScopes.find((g) => g.scope === scope)?.targetIds ?? [];
  const management = targetsOf('whatsapp_business_management');
  const expiresAt = numberOrNull(data.expires_at);
  return {
    isValid: booleanOrNull(data.is_valid) ?? false,
    appId: nonEmptyOrNull(data.app_id),
    application: nonEmptyOrNull(data.application),
    type: nonEmptyOrNull(data.type),
    userId: nonEmptyOrNull(data.user_id),
    expiresAt: expiresAt === null || expiresAt === 0 ? null : dateFromUnixSeconds(expiresAt),
    dataAccessExpiresAt: dateFromUnixSeconds(data.data_access_expires_at),
    scopes: arrayOf(data.scopes)
      .map(stringOrNull)
      .filter((s): s is string => s !== null),
    granularScopes,
    wabaIds: management.length > 0 ? management : targetsOf('whatsapp_business_messaging'),
  };
}

/** Reads one item of GET /{waba}/message_templates. */
export function readTemplate(raw: unknown): TemplateInfo {
  const node = recordOf(raw);
  return {
    id: stringOrNull(node.id) ?? '',
    name: stringOrNull(node.name) ?? '',
    status: stringOrNull(node.status) ?? '',
    category: nonEmptyOrNull(node.category),
    language: nonEmptyOrNull(node.language),
    parameterFormat: nonEmptyOrNull(node.parameter_format),
    components: arrayOf(node.components)
      .filter(isRecord)
      .map((c) => ({ ...c, type: stringOrNull(c.type) ?? '' })),
  };
}

/** The `after` cursor and `next` URL of a Graph list response. */
export function readPaging(body: JsonRecord): { after: string | null; next: string | null } {
  const paging = recordOf(body.paging);
  return { after: nonEmptyOrNull(recordOf(paging.cursors).after), next: nonEmptyOrNull(paging.next) };
}
