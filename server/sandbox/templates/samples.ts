import type { Executor } from '../../db/client';
import { findComponent, type SandboxTemplate, type StoredComponent } from '../state/templates';
import { findByHandle, keyOfHandle } from '../state/uploads';

/** The sample types a media header format takes (Meta's Resumable Upload types per kind). */
export const HEADER_SAMPLE_TYPES: Record<string, readonly string[]> = {
  IMAGE: ['image/jpeg', 'image/jpg', 'image/png'],
  VIDEO: ['video/mp4'],
  DOCUMENT: ['application/pdf'],
};

export function isMediaHeader(
  header: StoredComponent | undefined,
): header is StoredComponent & { format: string } {
  return Boolean(header?.format && HEADER_SAMPLE_TYPES[header.format]);
}

/** The handle a media header quotes as its sample (`example.header_handle[0]`), if it is one string. */
export function sampleHandleOf(header: StoredComponent): string | null {
  const handles = (header.example as { header_handle?: unknown } | undefined)?.header_handle;
  return Array.isArray(handles) && handles.length === 1 && typeof handles[0] === 'string' ? handles[0] : null;
}

/**
 * Why a media header's sample is not acceptable, or null: it must quote exactly one handle of a
 * complete upload made with a token of this WABA, of a type the format takes.
 */
export async function headerSampleProblem(
  db: Executor,
  wabaId: string,
  header: StoredComponent & { format: string },
): Promise<string | null> {
  const handle = sampleHandleOf(header);
  if (!handle) {
    return `A ${header.format} header needs example.header_handle with one file handle from the Resumable Upload API.`;
  }
  const upload = await findByHandle(db, handle);
  if (!upload || upload.wabaId !== wabaId) {
    return `The header_handle '${handle.slice(0, 40)}' is not a valid file handle for this account. Upload the sample with the Resumable Upload API first.`;
  }
  const types = HEADER_SAMPLE_TYPES[header.format] ?? [];
  if (!types.includes(upload.fileType)) {
    return `A ${header.format} header needs a ${types.join(' or ')} sample; this handle is a ${upload.fileType} file.`;
  }
  return null;
}

/** The public URL Graph lists for a sample (Meta lists its CDN address in place of the handle). */
export function sampleUrl(origin: string, handle: string): string | null {
  const key = keyOfHandle(handle);
  return key ? `${origin}/sandbox/api/template-samples/${key}` : null;
}

/** A template's media header sample as a URL, for the phone page's template list. */
export function headerSampleOf(
  template: Pick<SandboxTemplate, 'components'>,
): { kind: string; key: string } | null {
  const header = findComponent(template, 'HEADER');
  if (!isMediaHeader(header)) return null;
  const handle = sampleHandleOf(header);
  const key = handle ? keyOfHandle(handle) : null;
  return key ? { kind: header.format.toLowerCase(), key } : null;
}
