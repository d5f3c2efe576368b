import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { RemoteMedia } from '../channel/channel';
import { media } from '../db/schema';
import { defineJob } from '../jobs/define';
import { storeMediaFile } from '../media/storage';
import { GraphApiError, GraphResponseError } from '../whatsapp/graph-errors';

const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/**
 * Fetches a customer's media from Meta (GET /{media-id}, then the short-lived URL with the token)
 * into the media store. Transient failures retry with backoff; a permanent one marks it failed.
 */
export const mediaDownloadJob = defineJob({
  name: 'media.download',
  schema: z.object({ mediaId: z.uuid() }),
  maxAttempts: 10,
  async handler({ mediaId }, { db, env, channels, log, attempt }) {
    const [row] = await db.select().from(media).where(eq(media.id, mediaId)).limit(1);
    if (!row || row.status === 'ready' || !row.providerMediaId) return;

    const markFailed = (error: string) =>
      db.update(media).set({ status: 'failed', error, updatedAt: new Date() }).where(eq(media.id, mediaId));

    const channel = await channels.forAccount(db, row.accountId);
    if (!channel) {
      await markFailed('The WhatsApp account has no access token');
      return;
    }
    let info: RemoteMedia;
    try {
      info = await channel.getMedia(row.providerMediaId);
    } catch (error) {
      // An unknown or expired media id will not come back: give up. Anything transient retries.
      if ((error instanceof GraphApiError && !error.isRetryable) || attempt >= 10) {
        log.warn({ err: error, mediaId }, 'media lookup failed for good');
        await markFailed(error instanceof Error ? error.message : String(error));
        return;
      }
      throw error;
    }
    try {
      // The URL lives 5 minutes, so any download failure (even a 404) is retried with a fresh one.
      const file = await channel.downloadMedia(info.url, { maxBytes: MAX_MEDIA_BYTES });
      const storageKey = await storeMediaFile(env, row.accountId, row.id, file.data);
      await db
        .update(media)
        .set({
          status: 'ready',
          storageKey,
          mimeType: row.mimeType ?? info.mimeType ?? file.contentType,
          fileSize: file.data.length,
          error: null,
          updatedAt: new Date(),
        })
        .where(eq(media.id, mediaId));
    } catch (error) {
      const tooLarge = error instanceof GraphResponseError && error.problem === 'media_too_large';
      if (tooLarge || attempt >= 10) {
        log.warn({ err: error, mediaId }, 'media download failed for good');
        await markFailed(error instanceof Error ? error.message : String(error));
        return;
      }
      throw error;
    }
  },
});
