import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { preparedPer } from '../../db/named-statements';
import { sandboxSendWindows, sandboxSettings } from '../../db/schema';

/** The switches that make the sandbox behave like Meta on a bad day (stored in sandbox_settings). */
export const failNextSendsSchema = z.object({
  /** 429: HTTP 429 code 130429; 500: HTTP 500 code 131000; 131047: HTTP 400 re-engagement. */
  code: z.union([z.literal(429), z.literal(500), z.literal(131047)]),
  count: z.number().int().min(0).max(1000),
});

/** A share of recipients in percent (0–100). */
const shareSchema = z.number().min(0).max(100);

export const settingsSchema = z.object({
  /** Send every webhook twice (Meta is at-least-once). */
  duplicateDeliveries: z.boolean(),
  /** Gather updates for ~500 ms and send them as one POST with several entries/changes. */
  batchUpdates: z.boolean(),
  /** Deliver a message's statuses out of order (delivered before sent). */
  outOfOrderStatuses: z.boolean(),
  /** Answer the next N message sends with an error. */
  failNextSends: failNextSendsSchema.nullable(),
  /** Moves the sandbox's clock (webhook timestamps, the 24-hour window, token expiry). */
  clockOffsetSeconds: z
    .number()
    .int()
    .min(-10 * 365 * 86_400)
    .max(10 * 365 * 86_400),
  /** How long the template reviewer takes to decide. */
  templateReviewSeconds: z.number().int().min(0).max(86_400),
  /**
   * A number's throughput: sends beyond this many in one second get 130429, as Meta answers a
   * number past its messages-per-second (80 by default there, up to 1,000). Null: no limit.
   */
  messagesPerSecond: z.number().int().min(1).max(10_000).nullable(),
  /**
   * When a business message's statuses come: `instant` (sent at once, delivered ~300 ms later) or
   * `realistic` (sent after 0.2–1 s, delivered 1–3 s later, reads seconds to a minute later), sent in
   * batched webhooks of up to 100 statuses.
   */
  statusDelays: z.enum(['instant', 'realistic']),
  /** Percent of template recipients whose message fails after `sent` with 131049 (per-user marketing limit). */
  marketingLimitShare: shareSchema,
  /** Percent of template recipients whose message fails after `sent` with 131026 (undeliverable). */
  undeliverableShare: shareSchema,
  /** Percent of template recipients who got the message that read it. */
  readShare: shareSchema,
  /** Percent of template recipients who got the message that reply (readers only: at most readShare). */
  replyShare: shareSchema,
  /** How long a media `link` may take to download before the message fails with 131053. */
  linkFetchTimeoutSeconds: z.number().min(0.1).max(120),
});

export type SandboxSettings = z.infer<typeof settingsSchema>;
export type FailNextSends = z.infer<typeof failNextSendsSchema>;
export const settingsPatchSchema = settingsSchema.partial();

export const DEFAULT_SETTINGS: SandboxSettings = {
  duplicateDeliveries: false,
  batchUpdates: false,
  outOfOrderStatuses: false,
  failNextSends: null,
  clockOffsetSeconds: 0,
  templateReviewSeconds: 5,
  messagesPerSecond: null,
  statusDelays: 'instant',
  marketingLimitShare: 0,
  undeliverableShare: 0,
  readShare: 0,
  replyShare: 0,
  linkFetchTimeoutSeconds: 20,
};

type Key = keyof SandboxSettings;
const KEYS = Object.keys(DEFAULT_SETTINGS) as Key[];

/** Every switch, with defaults for the ones never set (and for any stored value that no longer parses). */
export async function getSettings(db: Executor): Promise<SandboxSettings> {
  const rows = await db.select().from(sandboxSettings);
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!KEYS.includes(row.key as Key)) continue;
    const parsed = settingsSchema.shape[row.key as Key].safeParse(row.value);
    if (parsed.success) settings[row.key] = parsed.data;
  }
  const fail = settings.failNextSends as FailNextSends | null;
  if (fail && fail.count <= 0) settings.failNextSends = null;
  return settings as SandboxSettings;
}

/** How long a Graph request may reuse the switches another read (a send needs them every time). */
const CACHE_MS = 200;
const cached = new WeakMap<object, { at: number; settings: SandboxSettings }>();

/**
 * The switches for the Graph API's hot path: read at most every 200 ms per process. A change made
 * through this process is seen at once; one made through another process within 200 ms.
 */
export async function getSettingsForGraph(db: Executor): Promise<SandboxSettings> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.settings;
  const settings = await getSettings(db);
  cached.set(db, { at: Date.now(), settings });
  return settings;
}

/** Stores the given switches; the others keep their values. */
export async function updateSettings(
  db: Executor,
  patch: Partial<SandboxSettings>,
): Promise<SandboxSettings> {
  cached.delete(db);
  for (const key of KEYS) {
    if (!(key in patch) || patch[key] === undefined) continue;
    const value = sql`${JSON.stringify(patch[key])}::jsonb`;
    await db
      .insert(sandboxSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: sandboxSettings.key, set: { value } });
  }
  return getSettings(db);
}

/** Moves the sandbox clock forward (or back, with a negative number) by the given seconds. */
export async function advanceClock(db: Executor, seconds: number): Promise<SandboxSettings> {
  cached.delete(db);
  const initial = sql`to_jsonb(${Math.trunc(seconds)}::bigint)`;
  await db
    .insert(sandboxSettings)
    .values({ key: 'clockOffsetSeconds', value: initial })
    .onConflictDoUpdate({
      target: sandboxSettings.key,
      set: {
        value: sql`to_jsonb(coalesce((${sandboxSettings.value} #>> '{}')::bigint, 0) + ${Math.trunc(seconds)}::bigint)`,
      },
    });
  return getSettings(db);
}

/**
 * Takes one failure from `failNextSends`, atomically across processes: returns the code to answer with,
 * or null when no failure is pending.
 */
export async function takeSendFailure(db: Executor): Promise<FailNextSends['code'] | null> {
  // The object stays with count 0 once used up (so RETURNING still sees the code); reads treat it as off.
  const [row] = await db
    .update(sandboxSettings)
    .set({
      value: sql`jsonb_set(${sandboxSettings.value}, '{count}', to_jsonb((${sandboxSettings.value}->>'count')::int - 1))`,
    })
    .where(
      sql`${sandboxSettings.key} = 'failNextSends' and jsonb_typeof(${sandboxSettings.value}) = 'object'
        and (${sandboxSettings.value}->>'count')::int > 0`,
    )
    .returning({ code: sql<number>`(${sandboxSettings.value}->>'code')::int` });
  return row ? (row.code as FailNextSends['code']) : null;
}

/**
 * Counts a send against its number's `messagesPerSecond` (wall-clock seconds, every process sharing
 * the count through the database): false when the number is over its limit this second. Without a
 * limit it writes nothing.
 */
export async function takeSendSlot(db: Executor, phoneNumberId: string): Promise<boolean> {
  const result = (await db.execute(sql`
    with lim as (
      select (value)::int as mps from ${sandboxSettings}
      where key = 'messagesPerSecond' and jsonb_typeof(value) = 'number'
    )
    insert into ${sandboxSendWindows} (phone_number_id, second, sends)
    select ${phoneNumberId}, floor(extract(epoch from clock_timestamp()))::bigint, 1 from lim
    on conflict (phone_number_id) do update set
      sends = case when ${sandboxSendWindows}.second = excluded.second then ${sandboxSendWindows}.sends + 1 else 1 end,
      second = excluded.second
    returning sends, (select mps from lim) as mps`)) as unknown as { rows: { sends: number; mps: number }[] };
  const row = result.rows[0];
  return !row || Number(row.sends) <= Number(row.mps);
}

/** The sandbox's "now": the real clock plus the configured offset. */
export function sandboxNow(settings: Pick<SandboxSettings, 'clockOffsetSeconds'>): Date {
  return new Date(Date.now() + settings.clockOffsetSeconds * 1000);
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

const clockOffset = preparedPer((db) =>
  db
    .select({ value: sandboxSettings.value })
    .from(sandboxSettings)
    .where(eq(sandboxSettings.key, 'clockOffsetSeconds'))
    .prepare('sandbox_clock_offset'),
);

export async function clockNow(db: Executor): Promise<Date> {
  const [row] = await clockOffset(db).execute();
  const offset = typeof row?.value === 'number' ? row.value : 0;
  return new Date(Date.now() + offset * 1000);
}
