import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { storeMediaFile } from '../../media/storage';
import { signUpOwnerWithAccount } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { solidPng } from '../../test/sandbox';
import { MEDIA_CSP } from '.';

let ctx: TestContext;
let cookie: string;
let accountId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const { owner, account } = await signUpOwnerWithAccount(ctx);
  cookie = owner.cookie;
  accountId = account.id;
});
afterAll(() => ctx.close());

/** A ready incoming file of the test account, stored as the media download job stores one. */
async function stored(
  data: Buffer,
  row: {
    kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
    mimeType: string | null;
    filename?: string;
  },
) {
  const [inserted] = await ctx.db
    .insert(media)
    .values({
      accountId,
      direction: 'incoming',
      kind: row.kind,
      mimeType: row.mimeType,
      filename: row.filename ?? null,
      fileSize: data.length,
    })
    .returning();
  const storageKey = await storeMediaFile(ctx.env, accountId, inserted!.id, data);
  await ctx.db.update(media).set({ storageKey, status: 'ready' }).where(eq(media.id, inserted!.id));
  return inserted!.id;
}

const get = (id: string, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/media/${id}${query}`, headers: { cookie } });

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="1" height="1"/></svg>',
);

describe('GET /api/media/:id serves customer files safely', () => {
  it('serves an HTML document as an octet-stream attachment under a sandbox CSP', async () => {
    const id = await stored(HTML, { kind: 'document', mimeType: 'text/html', filename: 'invoice.html' });
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-security-policy']).toBe(MEDIA_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(HTML)).toBe(true);
  });

  it('serves an SVG image as an attachment, never as an image on our origin', async () => {
    const id = await stored(SVG, { kind: 'image', mimeType: 'image/svg+xml', filename: 'logo.svg' });
    const res = await get(id);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-security-policy']).toBe(MEDIA_CSP);
  });

  it('serves a real PNG inline under its sniffed type, with the CSP; ?download=1 makes it an attachment', async () => {
    const png = solidPng(2, 2, [37, 211, 102]);
    const id = await stored(png, { kind: 'image', mimeType: 'image/png', filename: 'leaf.png' });
    const res = await get(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="leaf.png"; filename*=UTF-8''leaf.png`);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-security-policy']).toBe(MEDIA_CSP);
    expect(res.rawPayload.equals(png)).toBe(true);

    const download = await get(id, '?download=1');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['content-type']).toBe('image/png');
  });

  it('serves a file declared image/png whose bytes are HTML as an attachment', async () => {
    const id = await stored(HTML, { kind: 'image', mimeType: 'image/png', filename: 'photo.png' });
    const res = await get(id);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-security-policy']).toBe(MEDIA_CSP);
  });

  it("sends the bytes' type, not the declared one, for media it shows inline", async () => {
    const png = solidPng(1, 1, [0, 0, 0]);
    const id = await stored(png, { kind: 'image', mimeType: 'image/jpeg', filename: 'x.jpg' });
    const res = await get(id);
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it("plays a voice note inline (audio/ogg with codecs) and keeps a PDF's type on download", async () => {
    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60)]);
    const voice = await get(await stored(ogg, { kind: 'audio', mimeType: 'audio/ogg; codecs=opus' }));
    expect(voice.headers['content-disposition']).toMatch(/^inline;/);
    expect(voice.headers['content-type']).toBe('audio/ogg');

    const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');
    const doc = await get(
      await stored(pdf, { kind: 'document', mimeType: 'application/pdf', filename: 'a.pdf' }),
    );
    expect(doc.headers['content-disposition']).toMatch(/^attachment;/);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-security-policy']).toBe(MEDIA_CSP);
  });

  it('answers byte ranges, so a browser can read a voice note’s length and seek in it', async () => {
    const data = Buffer.from('0123456789');
    const id = await stored(data, { kind: 'document', mimeType: 'text/plain', filename: 'digits.txt' });
    const whole = await get(id);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const range = (value: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/media/${id}`, headers: { cookie, range: value } });
    const middle = await range('bytes=2-5');
    expect(middle.statusCode).toBe(206);
    expect(middle.body).toBe('2345');
    expect(middle.headers['content-range']).toBe('bytes 2-5/10');
    expect(middle.headers['content-length']).toBe('4');
    expect((await range('bytes=7-')).body).toBe('789');
    expect((await range('bytes=-3')).body).toBe('789');
    const past = await range('bytes=10-');
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10');
    const several = await range('bytes=0-1,4-5');
    expect(several.statusCode).toBe(200);
    expect(several.body).toBe('0123456789');
  });

  it('puts the CSP on error answers too', async () => {
    const res = await get('00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toBe(MEDIA_CSP);
  });
});
