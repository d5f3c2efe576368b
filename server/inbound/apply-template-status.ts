import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { templates } from '../db/schema';
import type { DomainEvent } from '../events/types';
import type { TemplateStatusEvent } from '../whatsapp/types';
import { accountsForWaba } from './accounts-by-number';

/** message_template_status_update: the stored template takes Meta's new status at once. */
export async function applyTemplateStatus(tx: Executor, event: TemplateStatusEvent, changes: DomainEvent[]) {
  for (const accountId of await accountsForWaba(tx, event.wabaId)) {
    const rows = await tx
      .update(templates)
      .set({
        status: event.event.toLowerCase(),
        rejectedReason: event.event === 'REJECTED' ? (event.rejectionInfo?.reason ?? event.reason) : null,
        updatedAt: new Date(),
      })
      .where(and(eq(templates.accountId, accountId), eq(templates.providerId, event.templateId)))
      .returning({ id: templates.id });
    for (const row of rows) changes.push({ kind: 'template.updated', accountId, templateId: row.id });
  }
}
