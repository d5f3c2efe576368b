import { isOggOpus } from '../../media/ogg-opus';
import { baseMime, MEDIA_RULES, type MediaKind } from '../state/media';
import { SEND_TEXTS } from './send-errors';

/**
 * Downloads a media `link` the way Meta does after accepting a send: http(s) only, the type's MIME
 * list and size limit (shared/docs/whatsapp-cloud-api.md §3), within a time limit. The sandbox runs
 * for its own tests and demos, so any host is fetched; size and time are what is bounded.
 */

export type LinkResult =
  | { ok: true; data: Buffer; mimeType: string; filename: string | null }
  | { ok: false; details: string };

function allowedTypes(kind: MediaKind): string[] {
  // A document may carry any supported file, as a document sent by id may.
  return kind === 'document'
    ? MEDIA_RULES.flatMap((rule) => rule.types)
    : (MEDIA_RULES.find((rule) => rule.kind === kind)?.types ?? []);
}

function maxBytesFor(kind: MediaKind): number {
  return MEDIA_RULES.find((rule) => rule.kind === kind)?.maxBytes ?? 0;
}

function filenameOf(link: string): string | null {
  const last = new URL(link).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || null;
  } catch {
    return last || null;
  }
}

/** Reads the body, stopping as soon as it passes `max` bytes. */
async function readCapped(body: ReadableStream<Uint8Array>, max: number): Promise<Buffer | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function fetchLink(
  link: string,
  kind: MediaKind,
  options: { voice: boolean; timeoutMs: number },
): Promise<LinkResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  try {
    const response = await fetch(link, {
      redirect: 'follow',
      signal: controller.signal,
      headers: { 'user-agent': 'WhatsApp/2.0 (sandbox link fetch)' },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return {
        ok: false,
        details: SEND_TEXTS.linkHttpStatus(response.status, response.statusText || 'Error'),
      };
    }
    const contentType = response.headers.get('content-type') ?? '';
    const mime = baseMime(contentType);
    const allowed = allowedTypes(kind);
    if (!allowed.includes(mime)) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, details: SEND_TEXTS.linkWrongType(kind, mime, allowed.join(', ')) };
    }
    if (options.voice && mime !== 'audio/ogg') {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, details: SEND_TEXTS.linkVoiceNotOgg(mime) };
    }
    const max = maxBytesFor(kind);
    const declared = Number(response.headers.get('content-length') ?? 'NaN');
    if (Number.isFinite(declared) && declared > max) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, details: SEND_TEXTS.linkTooBig(kind, max) };
    }
    const data = response.body ? await readCapped(response.body, max) : Buffer.alloc(0);
    if (data === null) return { ok: false, details: SEND_TEXTS.linkTooBig(kind, max) };
    if (data.length === 0) return { ok: false, details: SEND_TEXTS.linkEmpty };
    if (options.voice && !isOggOpus(data)) return { ok: false, details: SEND_TEXTS.linkVoiceNotOpus };
    return { ok: true, data, mimeType: contentType.trim() || mime, filename: filenameOf(link) };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, details: SEND_TEXTS.linkTimeout(seconds) };
    type Cause = { code?: string; message?: string; errors?: { code?: string }[] };
    const cause = (error as { cause?: Cause }).cause;
    const reason = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).name;
    return { ok: false, details: SEND_TEXTS.linkUnreachable(reason) };
  } finally {
    clearTimeout(timer);
  }
}
