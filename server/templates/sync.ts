import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ChannelProvider, ListedTemplate } from '../channel/channel';
import { cloudApiChannels } from '../channel/cloud-api';
import type { Database } from '../db/client';
import { templates } from '../db/schema';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import { recordEvents } from '../events/outbox';
import type { DomainEvent } from '../events/types';
import { defineJob } from '../jobs/define';
import { enqueue } from '../jobs/queue';
import { GraphConfigError } from '../whatsapp/graph-errors';

/** Spec §3 / §5: templates lacking a name, a status or components are skipped. */
export function usableTemplate(t: ListedTemplate): boolean {
  return Boolean(t.name) && Boolean(t.status) && t.components.length > 0;
}

/**
 * Components as compared between syncs: a media header's `example.header_handle` is left out, since
 * Meta lists it as a signed CDN address that changes from one read to the next.
 */
function comparable(components: unknown): string {
  const list = Array.isArray(components) ? (components as Record<string, unknown>[]) : [];
  return JSON.stringify(
    list.map((c) => {
      const example = c.example as Record<string, unknown> | undefined;
      if (!example || !('header_handle' in example)) return c;
      const { header_handle: _ignored, ...rest } = example;
      return { ...c, example: rest };
    }),
  );
}

/** Spec §9 "Template cache 5 minutes": GET /api/templates reads from Meta at most this often per account. */
export const TEMPLATE_CACHE_MS = 5 * 60_000;
const lastSync = new Map<string, number>();

/** True when the account's stored templates are older than the cache allows (per process). */
export function syncDue(accountId: string, now = Date.now()): boolean {
  const at = lastSync.get(accountId);
  return at === undefined || now - at >= TEMPLATE_CACHE_MS;
}

/**
 * Reads every template of the account's WABA through its channel (all pages) into `templates`: new
 * ones are inserted, known ones take Meta's status and components, ones Meta no longer has are
 * deleted. Each changed row is published as 'template.updated'. Throws the Graph error when Meta
 * cannot be read. `channels` defaults to the Cloud API at `env`'s Graph URL (callers with deps pass theirs).
 */
export async function syncTemplates(
  deps: { db: Database; env: Env; events: EventBus; channels?: ChannelProvider },
  accountId: string,
): Promise<{ changed: number }> {
  const { db, env, events } = deps;
  const channels = deps.channels ?? cloudApiChannels(env);
  const channel = await channels.forAccount(db, accountId);
  if (!channel) throw new GraphConfigError('The account has no access token');
  if (!channel.wabaId) throw new GraphConfigError('The account has no WABA id');
  const listed = (await channel.listTemplates()).filter(usableTemplate);

  const changes: DomainEvent[] = [];
  const recorded = await db.transaction(async (tx) => {
    const existing = await tx.select().from(templates).where(eq(templates.accountId, accountId));
    const byKey = new Map(existing.map((r) => [`${r.name}\u0000${r.language}`, r]));
    const keep: string[] = [];
    for (const t of listed) {
      const language = t.language ?? 'en_US';
      const status = t.status.toLowerCase();
      const category = (t.category ?? 'UTILITY').toUpperCase();
      const known = byKey.get(`${t.name}\u0000${language}`);
      if (known) {
        keep.push(known.id);
        const same =
          known.status === status &&
          known.providerId === t.id &&
          known.category === category &&
          comparable(known.components) === comparable(t.components);
        if (same) continue;
        await tx
          .update(templates)
          .set({
            providerId: t.id,
            status,
            category,
            components: t.components,
            rejectedReason: status === 'rejected' ? known.rejectedReason : null,
            updatedAt: new Date(),
          })
          .where(eq(templates.id, known.id));
        changes.push({ kind: 'template.updated', accountId, templateId: known.id });
        continue;
      }
      const [row] = await tx
        .insert(templates)
        .values({
          accountId,
          providerId: t.id,
          name: t.name,
          language,
          category,
          status,
          components: t.components,
        })
        .onConflictDoNothing()
        .returning({ id: templates.id });
      if (row) {
        keep.push(row.id);
        changes.push({ kind: 'template.updated', accountId, templateId: row.id });
      }
    }
    const gone = await tx
      .delete(templates)
      .where(
        and(eq(templates.accountId, accountId), keep.length > 0 ? notInArray(templates.id, keep) : sql`true`),
      )
      .returning({ id: templates.id });
    for (const row of gone) changes.push({ kind: 'template.updated', accountId, templateId: row.id });
    return recordEvents(tx, changes);
  });
  lastSync.set(accountId, Date.now());
  events.publish(recorded);
  return { changed: changes.length };
}

/** Re-reads one account's templates from Meta (queued by the pending sweep). */
export const templateSyncJob = defineJob({
  name: 'templates.sync',
  schema: z.object({ accountId: z.uuid() }),
  maxAttempts: 3,
  async handler({ accountId }, { db, env, channels, events }) {
    await syncTemplates({ db, env, channels, events }, accountId);
  },
});

/**
 * Every 30 s (spec §9 pending polling): accounts with a pending template are synced, so a review
 * whose status webhook was lost still lands. The status webhooks update rows at once in between.
 */
export const templatePendingSweepJob = defineJob({
  name: 'templates.pending-sweep',
  schema: z.object({ slot: z.number().int() }),
  maxAttempts: 1,
  async handler({ slot }, { db }) {
    const rows = await db
      .selectDistinct({ accountId: templates.accountId })
      .from(templates)
      .where(inArray(templates.status, ['pending', 'in_appeal']));
    for (const { accountId } of rows) {
      await enqueue(db, templateSyncJob, { accountId }, { dedupeKey: `templates.sync:${accountId}:${slot}` });
    }
  },
});
