import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxTemplates } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { getSettings, sandboxNow } from '../state/settings';
import { componentsOf, findTemplateById, type SandboxTemplate } from '../state/templates';
import { templateStatusChange } from '../webhooks/build';
import { emitChanges } from '../webhooks/emit';

/**
 * The sandbox's reviewer rule: a template is rejected (reason INVALID_FORMAT) when any of its texts
 * contains the word REJECT in capitals; every other template is approved.
 */
export const REJECT_MARKER = 'REJECT';

export type ReviewDecision =
  | { event: 'APPROVED'; reason: 'NONE' }
  | { event: 'REJECTED'; reason: 'INVALID_FORMAT'; recommendation: string };

export function reviewTemplate(template: Pick<SandboxTemplate, 'components'>): ReviewDecision {
  const texts = componentsOf(template).flatMap((c) => [
    c.text ?? '',
    ...(c.buttons ?? []).map((b) => b.text ?? ''),
  ]);
  if (texts.some((text) => text.includes(REJECT_MARKER))) {
    return {
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
      recommendation: `The sandbox reviewer rejects templates whose text contains "${REJECT_MARKER}". Edit the text and submit it again.`,
    };
  }
  return { event: 'APPROVED', reason: 'NONE' };
}

/** Decides a pending template when its review time comes, and tells the app with a status webhook. */
export const templateReviewJob = defineJob({
  name: 'sandbox.template.review',
  schema: z.object({ templateId: z.string().regex(/^\d+$/) }),
  async handler({ templateId }, { db, log }) {
    await db.transaction(async (tx) => {
      const template = await findTemplateById(tx, templateId);
      if (template?.status !== 'PENDING') return;
      const settings = await getSettings(tx);
      const decision = reviewTemplate(template);
      const [decided] = await tx
        .update(sandboxTemplates)
        .set({
          status: decision.event,
          reviewAt: null,
          rejectedReason: decision.event === 'REJECTED' ? decision.reason : null,
        })
        .where(eq(sandboxTemplates.id, templateId))
        .returning();
      await emitChanges(tx, [templateStatusChange(decided!, decision, sandboxNow(settings))], settings);
      log.info({ templateId, event: decision.event }, 'sandbox template reviewed');
    });
  },
});
