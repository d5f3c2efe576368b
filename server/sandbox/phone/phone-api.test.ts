import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGE } from '../../lib/stored-text';
import { createTestContext, type TestContext } from '../../test/harness';
import { solidPng } from '../../test/sandbox';

/** The customer phone API's own contract: clear 4xx answers for what a person can get wrong. */

let ctx: TestContext;
let phoneId: string;
const CUSTOMER = '16505551234';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/sandbox/api${url}`, payload: payload as object | undefined });

beforeAll(async () => {
  ctx = await createTestContext();
  const signup = await call('POST', '/signup', { businessName: 'Lucky Shrub' });
  expect(signup.statusCode).toBe(201);
  phoneId = signup.json().data.phone_number_id;
});
afterAll(() => ctx.close());

describe('/sandbox/api', () => {
  it('lists the business numbers signup created', async () => {
    const res = await call('GET', '/phone-numbers');
    expect(res.json().phoneNumbers).toEqual([
      expect.objectContaining({ id: phoneId, businessName: 'Lucky Shrub', verifiedName: 'Lucky Shrub' }),
    ]);
  });

  it('creates customers from a number typed any way, and renames them; refuses bad numbers', async () => {
    const created = await call('POST', `/phone-numbers/${phoneId}/customers`, {
      waId: '+1 (650) 555-1234',
      name: 'Sheena',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().customer).toEqual({ waId: CUSTOMER, name: 'Sheena' });
    await call('POST', `/phone-numbers/${phoneId}/customers`, { waId: CUSTOMER, name: 'Sheena Nelson' });
    const list = await call('GET', `/phone-numbers/${phoneId}/customers`);
    expect(list.json().customers).toEqual([
      expect.objectContaining({ waId: CUSTOMER, name: 'Sheena Nelson', unread: 0 }),
    ]);

    const bad = await call('POST', `/phone-numbers/${phoneId}/customers`, { waId: '12', name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed', field: 'waId' });
    expect((await call('GET', '/phone-numbers/123/customers')).statusCode).toBe(404);
  });

  it('answers 404 for an unknown chat and for reacting to a message not in it', async () => {
    expect((await call('GET', `/phone-numbers/${phoneId}/customers/4915112345678/messages`)).statusCode).toBe(
      404,
    );
    const res = await call('POST', `/phone-numbers/${phoneId}/customers/${CUSTOMER}/messages`, {
      type: 'reaction',
      messageId: 'wamid.nope',
      emoji: '👍',
    });
    expect(res.statusCode).toBe(404);
    const empty = await call('POST', `/phone-numbers/${phoneId}/customers/${CUSTOMER}/messages`, {
      type: 'text',
      text: '  ',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a file WhatsApp would not send, and serves the ones it stores', async () => {
    const upload = (type: string, name: string, bytes: string) => {
      const boundary = 'sandboxboundary';
      const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${bytes}\r\n--${boundary}--\r\n`;
      return ctx.app.inject({
        method: 'POST',
        url: `/sandbox/api/phone-numbers/${phoneId}/customers/${CUSTOMER}/media`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const gif = await upload('image/gif', 'a.gif', 'GIF89a');
    expect(gif.statusCode).toBe(400);
    expect(gif.json()).toMatchObject({ error: 'unsupported_media', field: 'file' });

    const text = await upload('text/plain', 'notes.txt', 'hello');
    expect(text.statusCode).toBe(201);
    const chat = await call('GET', `/phone-numbers/${phoneId}/customers/${CUSTOMER}/messages`);
    const doc = chat.json().messages.at(-1);
    expect(doc).toMatchObject({
      from: 'customer',
      type: 'document',
      media: { filename: 'notes.txt', mimeType: 'text/plain' },
    });
    const file = await ctx.app.inject({ method: 'GET', url: `${doc.media.url}?download=1` });
    expect(file.body).toBe('hello');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="notes.txt"/);
  });

  it('validates settings and moves the clock', async () => {
    expect((await call('PUT', '/settings', { failNextSends: { code: 404, count: 1 } })).statusCode).toBe(400);
    const set = await call('PUT', '/settings', { duplicateDeliveries: true, templateReviewSeconds: 1 });
    expect(set.json().settings).toMatchObject({
      duplicateDeliveries: true,
      templateReviewSeconds: 1,
      batchUpdates: false,
    });
    const before = new Date(set.json().now).getTime();
    const moved = await call('POST', '/clock/advance', { seconds: 3600 });
    expect(moved.json().settings.clockOffsetSeconds).toBe(3600);
    expect(new Date(moved.json().now).getTime() - before).toBeGreaterThanOrEqual(3600_000);
  });
});

describe('/sandbox/api uploads', () => {
  it('answers 400 to a caption with a NUL character (found by the fuzz test: it was a 500)', async () => {
    await call('POST', `/phone-numbers/${phoneId}/customers`, { waId: CUSTOMER, name: 'Sheena' });
    const form = new FormData();
    form.set('caption', 'look\u0000');
    form.set('file', new Blob([new Uint8Array(solidPng(2, 2, [0, 0, 0]))], { type: 'image/png' }), 'p.png');
    const request = new Request('http://local/', { method: 'POST', body: form });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/sandbox/api/phone-numbers/${phoneId}/customers/${CUSTOMER}/media`,
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(UNSTORABLE_TEXT_MESSAGE);
  });
});
