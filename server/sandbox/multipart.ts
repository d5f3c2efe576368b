import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-errors';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../lib/stored-text';
import { MAX_MEDIA_BYTES } from './state/media';

/** Room for the multipart framing around the largest allowed file. */
export const MULTIPART_BODY_LIMIT = MAX_MEDIA_BYTES + 1024 * 1024;

/**
 * Body parsers of the sandbox scope: multipart (media uploads) is kept as raw bytes and read with the
 * platform's FormData parser; form-encoded bodies (oauth/access_token) become a plain object.
 */
export function addSandboxBodyParsers(app: FastifyInstance): void {
  if (app.hasContentTypeParser('multipart/form-data')) app.removeContentTypeParser('multipart/form-data');
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MULTIPART_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }
}

/** The fields and files of a multipart request, or null when the body is not readable multipart. */
export async function readMultipart(request: FastifyRequest): Promise<FormData | null> {
  const contentType = request.headers['content-type'];
  if (
    !Buffer.isBuffer(request.body) ||
    typeof contentType !== 'string' ||
    !contentType.startsWith('multipart/form-data')
  ) {
    return null;
  }
  let form: FormData;
  try {
    form = await new Response(request.body as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    return null;
  }
  // Field values and file names end up in text and jsonb columns.
  for (const [name, value] of form.entries()) {
    const text = typeof value === 'string' ? value : value.name;
    if (!isStorableText(name) || !isStorableText(text))
      throw badRequest(UNSTORABLE_TEXT_MESSAGE, 'validation_failed');
  }
  return form;
}
