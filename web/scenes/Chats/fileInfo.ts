/** Sizes and page estimates for document cards (spec §9: one page per 50 KB, PDF only). */

import { formatBytes } from '../../components/fileSize';

export const PDF_BYTES_PER_PAGE = 50 * 1024;

export function extensionOf(filename: string | null, mimeType: string | null): string {
  const fromName = filename?.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1) : '';
  if (fromName) return fromName.toLowerCase();
  if (mimeType === 'application/pdf') return 'pdf';
  return mimeType?.split('/')[1]?.split(/[.+-]/).pop()?.toLowerCase() ?? '';
}

const BADGE_CLASS: Record<string, string> = {
  pdf: 'bg-red-500',
  doc: 'bg-blue-600',
  docx: 'bg-blue-600',
  xls: 'bg-emerald-600',
  xlsx: 'bg-emerald-600',
  csv: 'bg-emerald-600',
  ppt: 'bg-orange-500',
  pptx: 'bg-orange-500',
};

/** The background of a document's type badge: red PDFs, blue Word, green sheets, orange slides, else slate. */
export function extensionBadgeClass(ext: string): string {
  return BADGE_CLASS[ext] ?? 'bg-slate-500';
}

export function isPdf(filename: string | null, mimeType: string | null): boolean {
  return mimeType === 'application/pdf' || extensionOf(filename, mimeType) === 'pdf';
}

/** Estimated pages of a PDF (at least 1), or null for other documents or an unknown size. */
export function estimatePages(bytes: number | null, filename: string | null, mimeType: string | null) {
  if (bytes === null || !isPdf(filename, mimeType)) return null;
  return Math.max(1, Math.round(bytes / PDF_BYTES_PER_PAGE));
}

/** The line under a document's name: '218 kB / 4 pages' for a PDF, '12 kB' otherwise. */
export function documentDetails(bytes: number | null, filename: string | null, mimeType: string | null) {
  const parts: string[] = [];
  if (bytes !== null) parts.push(formatBytes(bytes));
  const pages = estimatePages(bytes, filename, mimeType);
  if (pages !== null) parts.push(`${pages} ${pages === 1 ? 'page' : 'pages'}`);
  return parts.join(' / ');
}
