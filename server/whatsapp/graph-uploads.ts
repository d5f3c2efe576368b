import { isRetryableGraphError } from './graph-errors';
import { type createGraphTransport, fail } from './graph-transport';
import { nonEmptyOrNull, numberOrNull, stringOrNull } from './wire-guards';

/** A file to upload: bytes in memory, or a Blob (from disk: `fs.openAsBlob`, streamed, never read whole). */
export type UploadData = Blob | Uint8Array;
/** What the Resumable Upload API is told about a file before its bytes go up. */
export type UploadSessionInput = { fileName: string; fileLength: number; fileType: string };
/** Where an upload session stands: how many bytes Meta has (resume from there). */
export type UploadSessionStatus = { id: string; fileOffset: number };
/** Meta's answer to a chunk: the file handle once the file is complete, else how far it got. */
export type UploadChunkResult = { handle: string | null; fileOffset: number | null };
export type TemplateSampleUpload = { data: UploadData; fileName: string; fileType: string };

/** The upload as a Blob of the given type (a Blob is re-typed without copying its bytes). */
export function asBlob(data: UploadData, type: string): Blob {
  if (data instanceof Blob) return data.type === type ? data : data.slice(0, data.size, type);
  // Buffers from fs/http are backed by a plain ArrayBuffer; Blob copies the bytes either way.
  return new Blob([data as Uint8Array<ArrayBuffer>], { type });
}

/** How often an interrupted upload is resumed before the error is passed on. */
const UPLOAD_ATTEMPTS = 3;

/**
 * An upload session id (`upload:MTph…?sig=…`) as a path segment and its query: the part after '?' is
 * a query string Meta expects back as such, not part of the id's path.
 */
function uploadSessionTarget(uploadId: string): { path: string[]; query: Record<string, string> } {
  const [path = '', search = ''] = uploadId.split(/\?(.*)/s, 2);
  return { path: [path], query: Object.fromEntries(new URLSearchParams(search)) };
}

/** Makes the file name Meta sees match the MIME type (png/jpg images, mp4/3gp videos) and strips path parts. */
export function uploadFilenameFor(filename: string, mimeType: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/["\r\n]/g, '').trim() || 'file';
  const extension: Record<string, string> = {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/jpg': 'jpg',
    'video/mp4': 'mp4',
    'video/3gpp': '3gp',
  };
  const wanted = extension[mimeType.split(';')[0]?.trim().toLowerCase() ?? ''];
  if (!wanted) return base;
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) || 'file' : base;
  return `${stem}.${wanted}`;
}

/**
 * The Resumable Upload API calls of the Graph client (template sample files): `send` and `requireAppId`
 * are the client's transport's, so tokens, timeouts and errors are the same as for every other call.
 */
export function createResumableUpload(
  { send, requireAppId }: Pick<ReturnType<typeof createGraphTransport>, 'send' | 'requireAppId'>,
  uploadRetryDelayMs: number,
) {
  /** POST {app-id}/uploads: opens a Resumable Upload session for one file; resolves with its id. */
  async function createUploadSession(input: UploadSessionInput): Promise<{ id: string }> {
    const { status, body } = await send({
      method: 'POST',
      path: [requireAppId(), 'uploads'],
      query: { file_name: input.fileName, file_length: input.fileLength, file_type: input.fileType },
      auth: 'account',
    });
    return {
      id: nonEmptyOrNull(body.id) ?? fail('invalid_response', 'Invalid WhatsApp API response', status),
    };
  }

  /** GET {upload-id}: how many bytes of an interrupted upload Meta holds (the offset to resume from). */
  async function getUploadSession(uploadId: string): Promise<UploadSessionStatus> {
    const target = uploadSessionTarget(uploadId);
    const { status, body } = await send({ method: 'GET', ...target, auth: 'oauth' });
    const fileOffset = numberOrNull(body.file_offset);
    if (fileOffset === null || fileOffset < 0)
      fail('invalid_response', 'Invalid WhatsApp API response', status);
    return { id: stringOrNull(body.id) ?? uploadId, fileOffset };
  }

  /**
   * POST {upload-id} with `file_offset` and the bytes from that offset on (`Authorization: OAuth`, as
   * the Resumable Upload API requires); Meta answers `{h}` once it has the whole file.
   */
  async function uploadChunk(
    uploadId: string,
    data: UploadData,
    fileOffset: number,
  ): Promise<UploadChunkResult> {
    const target = uploadSessionTarget(uploadId);
    const { status, body } = await send({
      method: 'POST',
      ...target,
      headers: { file_offset: String(fileOffset) },
      binary: data,
      auth: 'oauth',
    });
    const handle = nonEmptyOrNull(body.h);
    const offset = numberOrNull(body.file_offset);
    if (handle === null && offset === null) fail('invalid_response', 'Invalid WhatsApp API response', status);
    return { handle, fileOffset: offset };
  }

  return {
    createUploadSession,
    getUploadSession,
    uploadChunk,

    /**
     * Uploads a template's sample file (a media header's `example.header_handle`) with the Resumable
     * Upload API and resolves with its handle. A dropped connection, a timeout, 429 or 5xx does not
     * start over: it asks Meta where the session stands and sends the rest from there (up to 3
     * tries, 1 s then 2 s apart); anything else is thrown as it came.
     */
    async uploadTemplateSample(file: TemplateSampleUpload): Promise<{ handle: string; uploadId: string }> {
      const bytes = asBlob(file.data, file.fileType);
      const total = bytes.size;
      const { id } = await createUploadSession({
        fileName: file.fileName,
        fileLength: total,
        fileType: file.fileType,
      });
      let offset = 0;
      let failures = 0;
      // Each round either finishes, moves the offset forward, or counts as a failure: it ends.
      for (;;) {
        let answer: UploadChunkResult;
        try {
          answer = await uploadChunk(id, bytes.slice(offset), offset);
        } catch (error) {
          failures += 1;
          if (!isRetryableGraphError(error) || failures >= UPLOAD_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, uploadRetryDelayMs * 2 ** (failures - 1)));
          offset = (await getUploadSession(id)).fileOffset;
          if (offset > total) fail('invalid_response', 'Invalid WhatsApp API response', 200);
          continue;
        }
        if (answer.handle) return { handle: answer.handle, uploadId: id };
        // Meta kept part of the bytes: carry on from where it stands, which must be further along.
        const next = answer.fileOffset ?? -1;
        if (next <= offset || next >= total) fail('invalid_response', 'Invalid WhatsApp API response', 200);
        offset = next;
      }
    },
  };
}
