import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { media } from '../db/schema';
import { isUuid } from '../lib/uuid';

type MediaRow = typeof media.$inferSelect;

/**
 * A stored outgoing file of the account, ready to send (a saved message's attachment, a template's
 * sample or a file picked for one send), or null — also for another account's file or a malformed id.
 */
export async function findOutgoingMedia(
  db: Executor,
  accountId: string,
  mediaId: string,
): Promise<MediaRow | null> {
  if (!isUuid(mediaId)) return null;
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.accountId, accountId), eq(media.direction, 'outgoing')))
    .limit(1);
  return row?.status === 'ready' && row.storageKey ? row : null;
}
