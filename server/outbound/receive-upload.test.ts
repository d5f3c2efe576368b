import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema';
import { FILES, multipartBody } from '../fuzz/multipart';
import { UNSTORABLE_TEXT_MESSAGE } from '../lib/stored-text';
import { connectTestAccount, signUpUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { buildContact } from '../test/inbox-factories';

/**
 * Regression tests for what the fuzz test found in uploads: a broken multipart body (no boundary, cut
 * short) and a NUL character in a field both came back as 500; a NUL in a file name reached the
 * database.
 */

let ctx: TestContext;
let cookie: string;
let contactId: string;
let ref = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await signUpUser(ctx.app);
  cookie = owner.cookie;
  const { account } = await connectTestAccount(ctx, { id: owner.body.user.id, email: owner.email });
  contactId = (
    await buildContact(ctx.db, account.id, { lastIncomingAt: new Date(), lastMessageAt: new Date() })
  ).id;
});
afterAll(() => ctx.close());

const UPLOAD_ROUTES = () => [`/api/contacts/${contactId}/messages/media`, '/api/saved-messages/attachments'];

const post = (url: string, body: Buffer, contentType: string) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie, 'content-type': contentType }, payload: body });

const photo = () =>
  multipartBody([
    { name: 'clientRef', value: `temp-upload-${++ref}` },
    { name: 'file', filename: 'photo.png', contentType: 'image/png', data: FILES.PNG },
  ]);

describe('uploads that cannot be read', () => {
  it('answers 400 to multipart without a boundary', async () => {
    for (const url of UPLOAD_ROUTES()) {
      const res = await post(url, photo().body, 'multipart/form-data');
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_upload' });
    }
  });

  it('answers 400 to a body cut off halfway', async () => {
    for (const url of UPLOAD_ROUTES()) {
      const { body, contentType } = photo();
      const res = await post(url, body.subarray(0, Math.floor(body.length / 2)), contentType);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/could not be read/);
    }
  });

  it('answers 400 to a field with a NUL character', async () => {
    const { body, contentType } = multipartBody([
      { name: 'clientRef', value: `temp-upload-${++ref}` },
      { name: 'caption', value: 'look\u0000' },
      { name: 'file', filename: 'photo.png', contentType: 'image/png', data: FILES.PNG },
    ]);
    const res = await post(`/api/contacts/${contactId}/messages/media`, body, contentType);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', message: UNSTORABLE_TEXT_MESSAGE });
  });
});

describe('file names', () => {
  it('keeps a file whose name holds control characters, under a cleaned name', async () => {
    const { body, contentType } = multipartBody([
      { name: 'file', filename: 'in\u0000voice\u0007.pdf', contentType: 'application/pdf', data: FILES.PDF },
    ]);
    const res = await post('/api/saved-messages/attachments', body, contentType);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.db.select().from(media).where(eq(media.id, res.json().attachment.id));
    expect(row?.filename).toBe('invoice.pdf');
  });
});
