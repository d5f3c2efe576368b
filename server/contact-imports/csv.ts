import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { IMPORT_MAX_ROWS, IMPORT_MSG, IMPORT_PREVIEW_ROWS } from '@common/api/contact-imports';
import { CsvError, type Options, parse } from 'csv-parse';
import { badRequest, HttpError } from '../lib/http-errors';

/**
 * Reading an import's CSV with csv-parse (streamed, never the whole file in memory): UTF-8 with or
 * without a BOM, comma or semicolon (read from the header line), quoted fields with doubled quotes and
 * line breaks inside. csv-parse was chosen over papaparse by measurement on 100,000 rows (README of
 * the folder: docs/ARCHITECTURE.md "Contact imports"): both stream well under the database's cost, and
 * csv-parse stops at a broken quote with the line number where papaparse reads on and guesses.
 */

export type Delimiter = ',' | ';';

/** A data row: its line in the file (the header is line 1) and its cells, as many as the header's. */
export type CsvRecord = { line: number; cells: string[] };

const HEAD_BYTES = 64 * 1024;
/** One row longer than this is not a contact list (and would otherwise grow without bound). */
const MAX_RECORD_BYTES = 1024 * 1024;

/** The delimiter the header line uses most, outside quotes; a comma when it has neither. */
export function detectDelimiter(headerLine: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** The file's delimiter, from its first line (up to 64 KB). */
export async function fileDelimiter(path: string): Promise<Delimiter> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\ufeff/, '');
    return detectDelimiter(text.split(/\r?\n/, 1)[0] ?? '');
  } finally {
    await handle.close();
  }
}

const REASONS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'text follows the closing quote of a field',
  CSV_MAX_RECORD_SIZE: 'the row is longer than 1 MB',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows the closing quote of a field',
};

/** A parser failure as the user's 400: the line and what is wrong there. */
export function malformedError(error: unknown): HttpError | null {
  if (!(error instanceof CsvError)) return null;
  const line = Math.max(1, (error as CsvError & { lines?: number }).lines ?? 1);
  const reason = REASONS[error.code] ?? error.message.split(':')[0]!.toLowerCase();
  return badRequest(IMPORT_MSG.malformed(line, reason), 'malformed_csv');
}

/** 413 with the limit in words (a multipart cut at the limit counts as over it). */
export const importTooLarge = () => new HttpError(413, 'file_too_large', IMPORT_MSG.tooLarge, 'file');

/** NUL cannot be stored in PostgreSQL text; nothing else in a cell needs changing. */
const clean = (cell: string) => (cell.includes('\0') ? cell.replaceAll('\0', '') : cell);

/**
 * Every row of the file in order, the header first (line 1). Streams: memory holds one chunk of the
 * file and one row at a time. A broken file throws the parser's CsvError (see malformedError).
 */
export async function* readRecords(path: string, delimiter: Delimiter): AsyncGenerator<CsvRecord> {
  // A chunk's rows are parsed at once and wait in the parser's buffer until the loop takes them:
  // 64 KB keeps that to some hundreds of small records (256 KB held thousands, long enough for the
  // garbage collector to move them to the old generation while a batch was being written).
  const source = createReadStream(path, { highWaterMark: 64 * 1024 });
  const options: Options<CsvRecord, string[]> = {
    delimiter,
    bom: true,
    relax_column_count: true,
    // A quote inside an unquoted cell (5" screen) is text, as spreadsheets read it.
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
    // The line number from the parser's context, without the per-row `info` object `info: true` makes.
    on_record: (record, context) => ({ line: context.lines, cells: record.map(clean) }),
  };
  // csv-parse's overloads only type an on_record that changes the record's shape together with `columns`.
  const parser = source.pipe(parse(options as unknown as Options));
  // pipe() does not pass the file's own errors on (a missing file would leave the loop waiting).
  source.on('error', (error) => parser.destroy(error));
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) yield record;
  } finally {
    parser.destroy();
    source.destroy();
  }
}

/** Cells padded or cut to the header's width. */
export function fitRow(cells: string[], width: number): string[] {
  if (cells.length === width) return cells;
  const out = cells.slice(0, width);
  while (out.length < width) out.push('');
  return out;
}

export type ScannedFile = {
  delimiter: Delimiter;
  columns: string[];
  rows: string[][];
  totalRows: number;
};

/**
 * Reads an uploaded file once, at upload: header, the first rows and the row count. 400 for a broken
 * or empty file (with the line), 413 past 200,000 rows.
 */
export async function scanFile(path: string): Promise<ScannedFile> {
  const delimiter = await fileDelimiter(path);
  let columns: string[] | null = null;
  const rows: string[][] = [];
  let totalRows = 0;
  try {
    for await (const { cells } of readRecords(path, delimiter)) {
      if (!columns) {
        columns = cells.map((c, i) => c.trim() || `Column ${i + 1}`);
        continue;
      }
      totalRows++;
      if (totalRows > IMPORT_MAX_ROWS) throw new HttpError(413, 'too_many_rows', IMPORT_MSG.tooManyRows);
      if (rows.length < IMPORT_PREVIEW_ROWS) rows.push(fitRow(cells, columns.length));
    }
  } catch (error) {
    throw malformedError(error) ?? error;
  }
  if (!columns || totalRows === 0) throw badRequest(IMPORT_MSG.empty, 'empty_csv');
  return { delimiter, columns, rows, totalRows };
}
