import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Everything the server can be configured with is declared here,
 * validated at boot, and every problem is reported at once.
 */
const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        message: 'PUBLIC_URL must be a full http(s) URL, e.g. https://inbox.example.com',
      })
      .optional(),
  ),
  TRUST_PROXY: optionalString.transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Switchboard <no-reply@switchboard.local>'),
  SECRET_KEY: optionalString.pipe(z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  META_GRAPH_URL: optionalString.pipe(z.url().optional()),
  META_APP_ID: optionalString,
  META_APP_SECRET: optionalString,
  META_VERIFY_TOKEN: optionalString,
  META_CONFIG_ID: optionalString,
  SANDBOX: booleanFlag,
  GEOIP_URL: optionalString.pipe(z.url().optional()),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
  /** How long a campaign send whose answer never came waits for Meta's status webhooks before it is sent again. */
  CAMPAIGN_CONFIRM_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /** The server's AI model (issue 16): any OpenAI-compatible API; a team's Settings → AI wins over it. */
  AI_BASE_URL: optionalString.pipe(
    z
      .url({
        protocol: /^https?$/,
        message: 'AI_BASE_URL must be a full http(s) URL, e.g. http://localhost:11434/v1',
      })
      .optional(),
  ),
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  /** Longest wait for a model's answer to start, and between two pieces of a streamed answer. */
  AI_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
  /** An ffmpeg with libopus for voice notes recorded in another codec than Opus (Opus is copied in process). */
  FFMPEG_PATH: optionalString,
  SERVICES: z
    .string()
    .default('web,worker')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['web', 'worker'], { message: 'SERVICES lists web and/or worker' })).min(1)),
});

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * The address users reach (no trailing slash): every link in an e-mail is built from it, never from
   * the request's Host. Required in production; http://localhost:$PORT otherwise.
   */
  publicUrl: string;
  /**
   * Fastify's `trustProxy`: which peers may set X-Forwarded-For/-Host/-Proto. false (the default)
   * trusts none; a list trusts those addresses and CIDR ranges; true trusts every peer.
   */
  trustProxy: TrustProxy;
  dataDir: string;
  /** FFMPEG_PATH: the ffmpeg that re-encodes non-Opus voice notes (server/media/voice-note.ts); undefined: none. */
  ffmpegPath: string | undefined;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  secretKey: string;
  logLevel: string;
  meta: {
    /**
     * The Graph API base. Null means "this server's own sandbox": the address is only known once the
     * server listens (see resolveGraphUrl in server/whatsapp-account/graph.ts).
     */
    graphUrl: string | null;
    /** Verifies X-Hub-Signature-256: the Meta app secret, or in sandbox mode one derived from SECRET_KEY. */
    webhookSecret: string;
    /** The hub.verify_token Meta must echo; derived from SECRET_KEY when unset. */
    appId: string | undefined;
    appSecret: string | undefined;
    verifyToken: string;
    configId: string | undefined;
  };
  /** The built-in Meta stand-in: on when forced, or when no real Meta app secret is configured. */
  sandbox: boolean;
  /** Where e-mails go when no SMTP server is configured: the log and the dev outbox page. */
  devOutbox: boolean;
  geoipUrl: string | undefined;
  /** What this process runs: `web` (HTTP, webhooks, live feed) and/or `worker` (jobs, webhook processing, schedules). */
  services: { web: boolean; worker: boolean };
  /** How long a job claim lasts without a heartbeat: a dead worker's jobs are claimed again after it. */
  jobLeaseSeconds: number;
  campaignConfirmSeconds: number;
  /** The server's AI model: used by teams that set none in Settings → AI. `model` null: none. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string | null; timeoutMs: number };
};

/** Thrown with every configuration problem listed, so an operator fixes them all in one go. */
export type TrustProxy = boolean | string[];

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list like any address. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify takes it: unset or `false` → false; `true` → true (every peer: only when
 * nothing but the proxy can reach the app); otherwise a comma-separated list of addresses and CIDR
 * ranges (and proxy-addr's `loopback`, `linklocal`, `uniquelocal`). A hop count is refused: Fastify 5
 * ignores one (it cannot tell the proxy from a client that connects directly). Returns the problem as
 * a string when the value is invalid.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    return `TRUST_PROXY takes the proxy's address or CIDR range (e.g. 10.0.0.5 or 172.28.0.0/24), or true/false, not a hop count (${v}): Fastify cannot check who sent the headers from a count`;
  }
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length > 0) {
    return `TRUST_PROXY must be true, false, a hop count or a comma-separated list of addresses or CIDR ranges (not ${bad.map((b) => JSON.stringify(b)).join(', ') || 'empty'})`;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment; creates DATA_DIR and a SECRET_KEY file in it when needed. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`);
  // Links in e-mails must never come from a request's Host (or X-Forwarded-Host) in production.
  if ((source.NODE_ENV ?? '').trim() === 'production' && !source.PUBLIC_URL?.trim()) {
    problems.push(
      'PUBLIC_URL: required when NODE_ENV=production (the address users reach, e.g. https://inbox.example.com); e-mailed links are built from it',
    );
  }
  if (source.AI_BASE_URL?.trim() && !source.AI_MODEL?.trim()) {
    problems.push('AI_MODEL: required with AI_BASE_URL (the model to ask, e.g. llama3.1 or gpt-4o-mini)');
  }
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const secretKey = e.SECRET_KEY ?? readOrCreateSecretKey(dataDir);
  const sandbox = e.SANDBOX || e.META_APP_SECRET === undefined;

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    dataDir,
    ffmpegPath: e.FFMPEG_PATH,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secretKey,
    logLevel: e.LOG_LEVEL,
    meta: {
      graphUrl: e.META_GRAPH_URL?.replace(/\/$/, '') ?? (sandbox ? null : META_GRAPH_DEFAULT),
      webhookSecret: e.META_APP_SECRET ?? derive(secretKey, 'sandbox-app-secret'),
      appId: e.META_APP_ID,
      appSecret: e.META_APP_SECRET,
      verifyToken: e.META_VERIFY_TOKEN ?? derive(secretKey, 'webhook-verify-token').slice(0, 32),
      configId: e.META_CONFIG_ID,
    },
    sandbox,
    devOutbox: e.SMTP_URL === undefined,
    geoipUrl: e.GEOIP_URL,
    services: { web: e.SERVICES.includes('web'), worker: e.SERVICES.includes('worker') },
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    campaignConfirmSeconds: e.CAMPAIGN_CONFIRM_SECONDS,
    ai: {
      baseUrl: (e.AI_BASE_URL ?? OPENAI_BASE_URL).replace(/\/$/, ''),
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL ?? null,
      timeoutMs: Math.round(e.AI_TIMEOUT_SECONDS * 1000),
    },
  };
}

export const META_GRAPH_DEFAULT = 'https://graph.facebook.com/v22.0';
/** Where a model is asked when only a key and a model are given (OpenAI's own API). */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

function derive(secretKey: string, purpose: string): string {
  return createHmac('sha256', secretKey).update(purpose).digest('hex');
}

function readOrCreateSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** Settings for the test harness (server/test/), kept here so process.env has one reader. */
export function loadTestEnv(source: NodeJS.ProcessEnv = process.env) {
  return {
    /** Which database the server suite runs on: the embedded one, or TEST_DATABASE_URL. */
    target: source.TEST_DB_TARGET === 'postgres' ? ('postgres' as const) : ('embedded' as const),
    databaseUrl: source.TEST_DATABASE_URL || undefined,
    redisUrl: source.TEST_REDIS_URL || undefined,
    requireServices: source.CI === 'true' || source.REQUIRE_E2E === '1',
    /** The fuzz test's seed (`random` draws one) and request count; unset: its fixed defaults. */
    fuzzSeed: source.FUZZ_SEED || undefined,
    fuzzRequests: source.FUZZ_REQUESTS ? Number(source.FUZZ_REQUESTS) : undefined,
  };
}
