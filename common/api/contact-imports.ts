/**
 * CSV import (issue 14; owners). 1) POST /api/contact-imports, multipart `file` (UTF-8 with or without
 * BOM, comma or semicolon, quoted fields; ≤ 50 MB, ≤ 200,000 rows): stored and read once for the
 * header, the first rows and the row count; answers the import in `mapping` with its preview.
 * 2) POST /api/contact-imports/:importId/start with the mapping: queued as a background job that
 * survives a restart; progress arrives live (`contact_import.progress`). 3) GET
 * /api/contact-imports/:importId/failed-rows → CSV of the failed rows with the reason per row.
 */
import { z } from 'zod';

export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
export const IMPORT_PREVIEW_ROWS = 5;

export const IMPORT_MSG = {
  tooLarge: 'The file is larger than 50 MB. Split it and import the parts.',
  tooManyRows: 'The file has more than 200,000 rows. Split it and import the parts.',
  noFile: 'Choose a CSV file to import',
  empty: 'The file has no rows',
  malformed: (line: number, reason: string) => `The file could not be read at line ${line}: ${reason}`,
  noPhoneColumn: 'Map one column to Phone: every contact needs a number',
  onePhoneColumn: 'Map only one column to Phone',
  oneNameColumn: 'Map only one column to Name',
  notMapping: 'This import has already started',
  notFound: 'Import not found',
  // Per-row reasons (the failed-rows CSV).
  invalidPhone: 'Invalid phone number',
  missingPhone: 'No phone number',
  duplicateInFile: (line: number) => `Duplicate of line ${line} in this file`,
  wrongType: (label: string, problem: string) => `${label}: ${problem}`,
  consentLabel: 'Marketing consent',
  consentProblem: 'must be opted in or opted out (yes or no)',
} as const;

export const IMPORT_STATUSES = ['mapping', 'queued', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What to do with a contact that already exists (same number). */
export const IMPORT_EXISTING = ['update_empty', 'overwrite', 'skip'] as const;
export type ImportExisting = (typeof IMPORT_EXISTING)[number];

export const importTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ignore') }),
  z.object({ kind: z.literal('name') }),
  z.object({ kind: z.literal('phone') }),
  /** Tag names separated by commas or semicolons; unknown names are created. */
  z.object({ kind: z.literal('tags') }),
  z.object({ kind: z.literal('field'), fieldId: z.uuid() }),
  /** Marketing consent: yes/no, opted in/out, true/false, 1/0; blank leaves it as it is. */
  z.object({ kind: z.literal('consent') }),
]);
export type ImportTarget = z.infer<typeof importTargetSchema>;

export const startImportSchema = z.object({
  /** One target per column of the file, in order. */
  columns: z.array(importTargetSchema).min(1).max(500),
  /** ISO 3166 alpha-2 for numbers written without a country code ('US', 'GB'…). */
  defaultCountry: z
    .string()
    .regex(/^[A-Z]{2}$/, 'defaultCountry must be a two-letter country code')
    .optional(),
  existing: z.enum(IMPORT_EXISTING, { error: 'existing must be update_empty, overwrite or skip' }),
  /** A tag put on every imported contact (created and updated). */
  tagId: z.uuid().nullable().default(null),
});
export type StartImportInput = z.input<typeof startImportSchema>;

export type ContactImport = {
  id: string;
  status: ImportStatus;
  fileName: string;
  fileSize: number;
  /** Data rows (the header excluded). */
  totalRows: number;
  rowsDone: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Why the whole import failed (status failed); null otherwise. */
  error: string | null;
  createdBy: { id: string; label: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type ImportPreview = {
  delimiter: ',' | ';';
  /** The header row. */
  columns: string[];
  /** The first rows after the header (at most IMPORT_PREVIEW_ROWS). */
  rows: string[][];
  /** A guess per column (phone, name, a field by its label…), for the mapping step to start from. */
  suggested: ImportTarget[];
  /** The team's country, the default for numbers without a code. */
  defaultCountry: string | null;
};

export type CreateImportResponse = { import: ContactImport; preview: ImportPreview };
export type ContactImportResponse = { import: ContactImport };
/** GET /api/contact-imports: the last 20, newest first. */
export type ContactImportListResponse = { imports: ContactImport[] };
