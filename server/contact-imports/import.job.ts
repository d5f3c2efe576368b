import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { contactImports } from '../db/schema';
import { defineJob } from '../jobs/define';
import { failImport, runImport } from './run-import';

const MAX_ATTEMPTS = 5;

/**
 * `contacts.import`: runs a started import from its checkpoint (server/contact-imports/run-import.ts).
 * Safe to run twice and after a crash: it goes on after the last committed batch. When the last
 * attempt fails too, the import says so instead of staying "running".
 */
export const contactImportJob = defineJob({
  name: 'contacts.import',
  schema: z.object({ importId: z.uuid() }),
  maxAttempts: MAX_ATTEMPTS,
  handler: async ({ importId }, ctx) => {
    try {
      await runImport(ctx, importId);
    } catch (error) {
      if (ctx.attempt < MAX_ATTEMPTS) throw error;
      ctx.log.error({ err: error, importId }, 'import: giving up');
      const [row] = await ctx.db.select().from(contactImports).where(eq(contactImports.id, importId));
      if (row)
        await failImport(ctx, row, 'The import stopped because of an error on the server. Try again.', null);
    }
  },
});
