import type { ContactImport } from '@common/api/contact-imports';
import type { contactImports } from '../db/schema';
import { userLabel } from '../presenters/users';

type ImportRow = typeof contactImports.$inferSelect;

/** An import row for the wire; `creatorEmail` is the creator's address when the user still exists. */
export function presentImport(row: ImportRow, creatorEmail: string | null): ContactImport {
  return {
    id: row.id,
    status: row.status,
    fileName: row.fileName,
    fileSize: row.fileSize,
    totalRows: row.totalRows,
    rowsDone: row.rowsDone,
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    failed: row.failed,
    error: row.error,
    createdBy: row.createdBy && creatorEmail ? { id: row.createdBy, label: userLabel(creatorEmail) } : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
