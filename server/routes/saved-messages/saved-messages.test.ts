import type {
  SavedAttachmentResponse,
  SavedMessageResponse,
  SavedMessagesResponse,
} from '@common/api/saved-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, savedMessages } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildInboxTeam, type TestUser } from '../../test/inbox-factories';
import { solidPng } from '../../test/sandbox';

/** Saved messages: team-wide, newest first; owners change them, members read them (and get 403s). */

let ctx: TestContext;
let owner: TestUser;
let member: TestUser;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function multipart(filename: string, data: Buffer) {
  const boundary = `----sb${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (filename: string, data: Buffer, cookie = owner.cookie) => {
  const body = multipart(filename, data);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/saved-messages/attachments',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: Record<string, unknown>,
) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestContext();
  const built = await buildInboxTeam(ctx);
  owner = built.owner;
  member = built.member;
});
afterAll(() => ctx.close());

describe('saved messages', () => {
  it('the owner creates one with a PDF; a member sees it newest first, read-only', async () => {
    const first = await call('POST', '/api/saved-messages', owner.cookie, {
      name: 'Hours',
      content: 'We open at 9.',
    });
    expect(first.statusCode, first.body).toBe(201);

    const uploaded = await upload('price list.pdf', PDF);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachment = (uploaded.json() as SavedAttachmentResponse).attachment;
    expect(attachment).toMatchObject({
      kind: 'document',
      mimeType: 'application/pdf',
      filename: 'price list.pdf',
    });

    const created = await call('POST', '/api/saved-messages', owner.cookie, {
      name: '  Price list ',
      content: 'Here is our price list',
      attachmentId: attachment.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = (created.json() as SavedMessageResponse).savedMessage;
    expect(saved).toMatchObject({
      name: 'Price list',
      mediaType: 'document',
      attachment: { id: attachment.id },
    });

    const listed = await call('GET', '/api/saved-messages', member.cookie);
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as SavedMessagesResponse;
    expect(body.savedMessages.map((m) => m.name)).toEqual(['Price list', 'Hours']);
    expect(body.abilities).toEqual({ create: false, edit: false, delete: false });
    const [row] = await ctx.db.select().from(savedMessages).where(eq(savedMessages.id, saved.id));
    expect(row?.userId).toBeNull();

    const file = await call('GET', saved.attachment!.url, member.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const ownerView = (
      await call('GET', '/api/saved-messages', owner.cookie)
    ).json() as SavedMessagesResponse;
    expect(ownerView.abilities).toEqual({ create: true, edit: true, delete: true });
  });

  it('refuses a member’s forged create, edit, delete and upload with the spec’s alerts', async () => {
    const list = (await call('GET', '/api/saved-messages', owner.cookie)).json() as SavedMessagesResponse;
    const target = list.savedMessages[0]!;
    const create = await call('POST', '/api/saved-messages', member.cookie, { name: 'Mine' });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe('Only team owners can create or edit saved messages.');
    const edit = await call('PUT', `/api/saved-messages/${target.id}`, member.cookie, { name: 'Changed' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('Only team owners can edit saved messages.');
    const del = await call('DELETE', `/api/saved-messages/${target.id}`, member.cookie);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('Only team owners can delete saved messages.');
    const up = await upload('x.pdf', PDF, member.cookie);
    expect(up.statusCode).toBe(403);
    const still = (await call('GET', '/api/saved-messages', owner.cookie)).json() as SavedMessagesResponse;
    expect(still.savedMessages.map((m) => m.name)).toEqual(list.savedMessages.map((m) => m.name));
  });

  it('needs a title, edits and deletes for the owner, and writes the audit log', async () => {
    const noTitle = await call('POST', '/api/saved-messages', owner.cookie, { name: '   ', content: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Please enter a title for your saved message');

    const created = (
      (
        await call('POST', '/api/saved-messages', owner.cookie, { name: 'Temp', content: 'a' })
      ).json() as SavedMessageResponse
    ).savedMessage;
    const edited = await call('PUT', `/api/saved-messages/${created.id}`, owner.cookie, {
      name: 'Temp 2',
      content: 'b',
      attachmentId: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as SavedMessageResponse).savedMessage).toMatchObject({
      name: 'Temp 2',
      content: 'b',
    });
    const deleted = await call('DELETE', `/api/saved-messages/${created.id}`, owner.cookie);
    expect(deleted.statusCode).toBe(204);
    const gone = await call('DELETE', `/api/saved-messages/${created.id}`, owner.cookie);
    expect(gone.statusCode).toBe(404);

    const actions = (await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, created.id))).map(
      (a) => a.action,
    );
    expect(actions.sort()).toEqual([
      'saved_message.created',
      'saved_message.deleted',
      'saved_message.updated',
    ]);
  });

  it('checks attachments by their bytes with the spec’s messages', async () => {
    const gif = await upload('cat.png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe('Unsupported file type. Supported types for images are: jpeg, png');

    const big = Buffer.concat([solidPng(2, 2, [0, 0, 0]), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload('big.png', big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('File size too large. Maximum size for images is 5MB');

    const webm = await upload('clip.mp4', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]));
    expect(webm.json().message).toBe('Unsupported file type. Supported types for videos are: mp4, 3gpp');

    const png = await upload('logo.pdf', solidPng(4, 4, [10, 200, 10]));
    expect(png.statusCode).toBe(201);
    expect((png.json() as SavedAttachmentResponse).attachment).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
    });

    const text = await upload('notes.txt', Buffer.from('Opening hours: 9 to 5\n'));
    expect((text.json() as SavedAttachmentResponse).attachment).toMatchObject({
      kind: 'document',
      mimeType: 'text/plain',
    });

    const foreign = await call('POST', '/api/saved-messages', owner.cookie, {
      name: 'x',
      attachmentId: '00000000-0000-4000-8000-000000000000',
    });
    expect(foreign.statusCode).toBe(400);
  });
});
