import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxTemplates } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { getSettings, sandboxNow } from '../state/settings';
import { componentsOf, findComponent, findTemplateById, type SandboxTemplate } from '../state/templates';
import { templateStatusChange } from '../webhooks/build';
import { emitChanges } from '../webhooks/emit';
import { headerSampleProblem, isMediaHeader } from './samples';

/**
 * The sandbox's reviewer rules: a template is rejected (reason INVALID_FORMAT) when any of its texts
 * contains the word REJECT in capitals, or when its image/video/document header has no valid sample
 * (`sampleProblem`); every other template is approved.
 */
export const REJECT_MARKER = 'REJECT';

export type ReviewDecision =
  | { event: 'APPROVED'; reason: 'NONE' }
  | { event: 'REJECTED'; reason: 'INVALID_FORMAT'; recommendation: string };

export function reviewTemplate(
  template: Pick<SandboxTemplate, 'components'>,
  sampleProblem: string | null = null,
): ReviewDecision {
  if (sampleProblem) {
    return {
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
      recommendation: `The header's sample media is missing or invalid: ${sampleProblem}`,
    };
  }
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
      const header = findComponent(template, 'HEADER');
      const sampleProblem = isMediaHeader(header)
        ? await headerSampleProblem(tx, template.wabaId, header)
        : null;
      const decision = reviewTemplate(template, sampleProblem);
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
