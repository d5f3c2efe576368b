import type { MessageResponse } from '@common/api/inbox';
import { type HeaderMediaResponse, INTERACTIVE_MSG } from '@common/api/interactive';
import { SAVED_MSG, type SavedMessageResponse, type SavedMessagesResponse } from '@common/api/saved-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, messages } from '../../db/schema';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  runInboxJobs,
  type SandboxTeam,
  settle,
} from '../../test/outbound';
import { type ListeningContext, listeningTestContext, solidPng } from '../../test/sandbox';

/**
 * Issue 17 over the sandbox, nothing mocked: reply buttons with an image header (the file uploaded
 * first, Meta's `header.image.id` on the wire), and reply buttons / lists / link buttons kept as
 * saved messages (the owner's, checked with the send's schema) and sent again from them.
 */

let ctx: ListeningContext;
let team: SandboxTeam;
let ref = 0;
const clientRef = () => `temp-saved-rich-${Date.now()}-${++ref}`;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload: payload as object } : {}) });

function uploadHeader(kind: string, filename: string, data: Buffer, cookie = team.member.cookie) {
  const boundary = `----sb${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/interactive/header-media?kind=${kind}`,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** Sends a body from a member, runs the jobs and webhooks; the message as the chat shows it. */
async function sendAndSettle(waId: string, body: Record<string, unknown>) {
  const contact = await contactOf(ctx, team, waId);
  const res = await call('POST', `/api/contacts/${contact.id}/messages`, team.member.cookie, {
    clientRef: clientRef(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(202);
  const { message } = res.json() as MessageResponse;
  await runInboxJobs(ctx);
  await settle(ctx);
  const [row] = await ctx.db.select().from(messages).where(eq(messages.id, message.id));
  return row!;
}

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
});
afterAll(() => ctx.close());

describe('reply buttons with a file header', () => {
  it('the picked image reaches the sandbox as header.type=image with a media id it holds', async () => {
    const waId = '16505550601';
    await customerWrites(ctx, team, waId, 'Which colour?');
    const uploaded = await uploadHeader('image', 'shrub.png', solidPng(40, 30, [30, 140, 60]));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = (uploaded.json() as HeaderMediaResponse).media;
    expect(file).toMatchObject({ kind: 'image', mimeType: 'image/png', url: `/api/media/${file.id}` });

    const row = await sendAndSettle(waId, {
      type: 'buttons',
      headerMedia: { type: 'image', mediaId: file.id },
      body: 'Green or red?',
      buttons: [{ title: 'Green' }, { title: 'Red' }],
    });
    expect(row.status).toBe('delivered');
    // The message has its own copy of the file, uploaded to Meta once.
    expect(row.mediaId).not.toBe(file.id);
    const [copy] = await ctx.db.select().from(media).where(eq(media.id, row.mediaId!));
    expect(copy!.providerMediaId).toBeTruthy();
    expect(row.content).toMatchObject({ kind: 'buttons', header: { type: 'image', mediaId: copy!.id } });

    const [atMeta] = await messagesAtMeta(ctx, team, waId);
    expect(atMeta!.payload).toMatchObject({
      interactive: {
        type: 'button',
        header: { type: 'image', mediaId: copy!.providerMediaId, mimeType: 'image/png' },
        body: 'Green or red?',
      },
    });
  });

  it('refuses a text header and a file together, a file of another kind, and a wrong kind of file', async () => {
    const contact = await contactOf(ctx, team, '16505550601');
    const png = (
      await uploadHeader('image', 'a.png', solidPng(8, 8, [1, 2, 3]))
    ).json() as HeaderMediaResponse;
    const both = await call('POST', `/api/contacts/${contact.id}/messages`, team.member.cookie, {
      clientRef: clientRef(),
      type: 'buttons',
      header: 'Hello',
      headerMedia: { type: 'image', mediaId: png.media.id },
      body: 'Hi',
      buttons: [{ title: 'Yes' }],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain(INTERACTIVE_MSG.headerTextAndMedia);

    const asVideo = await call('POST', `/api/contacts/${contact.id}/messages`, team.member.cookie, {
      clientRef: clientRef(),
      type: 'buttons',
      headerMedia: { type: 'video', mediaId: png.media.id },
      body: 'Hi',
      buttons: [{ title: 'Yes' }],
    });
    expect(asVideo.statusCode).toBe(400);
    expect(asVideo.json().message).toBe(INTERACTIVE_MSG.headerMediaNotFound);

    const notAVideo = await uploadHeader('video', 'clip.mp4', solidPng(8, 8, [1, 2, 3]));
    expect(notAVideo.statusCode).toBe(400);
    expect(notAVideo.json().message).toMatch(/WhatsApp only supports MP4/);
  });
});

describe('interactive saved messages', () => {
  const buttons = {
    type: 'buttons',
    header: 'Delivery',
    body: 'Shall we deliver tomorrow?',
    footer: 'Lucky Shrub',
    buttons: [{ title: 'Yes' }, { title: 'Another day' }],
  };

  it('the owner saves reply buttons; everyone lists them; sending one reaches the sandbox in Meta shape', async () => {
    const created = await call('POST', '/api/saved-messages', team.owner.cookie, {
      name: ' Delivery question ',
      interactive: buttons,
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = (created.json() as SavedMessageResponse).savedMessage;
    expect(saved).toMatchObject({
      name: 'Delivery question',
      content: 'Shall we deliver tomorrow?',
      mediaType: 'text',
      interactive: buttons,
    });

    const listed = await call('GET', '/api/saved-messages', team.member.cookie);
    const { savedMessages, abilities } = listed.json() as SavedMessagesResponse;
    expect(abilities.create).toBe(false);
    expect(savedMessages.find((m) => m.id === saved.id)?.interactive).toEqual(buttons);

    // The composer sends the saved content as it is, through the send route.
    const waId = '16505550602';
    await customerWrites(ctx, team, waId, 'Hello');
    const row = await sendAndSettle(waId, saved.interactive!);
    expect(row).toMatchObject({ type: 'interactive', status: 'delivered' });
    const [atMeta] = await messagesAtMeta(ctx, team, waId);
    expect(atMeta!.payload).toMatchObject({
      interactive: {
        type: 'button',
        header: { type: 'text', text: 'Delivery' },
        body: 'Shall we deliver tomorrow?',
        footer: 'Lucky Shrub',
        buttons: [{ title: 'Yes' }, { title: 'Another day' }],
      },
    });
  });

  it('keeps a list and a link button, and reply buttons with an image header sent twice as two files', async () => {
    const list = await call('POST', '/api/saved-messages', team.owner.cookie, {
      name: 'Menu',
      interactive: {
        type: 'list',
        body: 'Pick a size',
        button: 'Sizes',
        sections: [{ rows: [{ title: 'Small', description: 'Up to 30 cm' }, { title: 'Large' }] }],
      },
    });
    expect(list.statusCode, list.body).toBe(201);
    const link = await call('POST', '/api/saved-messages', team.owner.cookie, {
      name: 'Shop',
      interactive: { type: 'cta_url', body: 'Our shop', displayText: 'Open', url: 'https://example.com' },
    });
    expect(link.statusCode, link.body).toBe(201);

    const png = (
      await uploadHeader('image', 'logo.png', solidPng(20, 20, [200, 10, 10]), team.owner.cookie)
    ).json() as HeaderMediaResponse;
    const withImage = await call('POST', '/api/saved-messages', team.owner.cookie, {
      name: 'Colour',
      interactive: {
        type: 'buttons',
        headerMedia: { type: 'image', mediaId: png.media.id },
        body: 'Like it?',
        buttons: [{ title: 'Yes' }],
      },
    });
    expect(withImage.statusCode, withImage.body).toBe(201);
    const saved = (withImage.json() as SavedMessageResponse).savedMessage;
    expect(saved.attachment).toMatchObject({ id: png.media.id, kind: 'image' });

    const waId = '16505550603';
    await customerWrites(ctx, team, waId, 'Hi');
    const first = await sendAndSettle(waId, saved.interactive!);
    const second = await sendAndSettle(waId, saved.interactive!);
    expect(first.status).toBe('delivered');
    expect(second.status).toBe('delivered');
    expect(first.mediaId).not.toBe(second.mediaId);
    const atMeta = await messagesAtMeta(ctx, team, waId);
    expect(
      atMeta.map((m) => (m.payload as { interactive: { header: { type: string } } }).interactive.header.type),
    ).toEqual(['image', 'image']);
  });

  it('a member cannot create one (403 with the spec words); invalid content is a 400 with its message', async () => {
    const byMember = await call('POST', '/api/saved-messages', team.member.cookie, {
      name: 'Mine',
      interactive: buttons,
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(SAVED_MSG.onlyOwnersCreate);

    const tooLong = await call('POST', '/api/saved-messages', team.owner.cookie, {
      name: 'Bad',
      interactive: { ...buttons, buttons: [{ title: 'A button title far too long' }] },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain(INTERACTIVE_MSG.buttonTitleTooLong);

    const location = await call('POST', '/api/saved-messages', team.owner.cookie, {
      name: 'Bad',
      interactive: { type: 'location', latitude: 1, longitude: 2 },
    });
    expect(location.statusCode).toBe(400);
    expect(location.json().message).toContain(INTERACTIVE_MSG.savedKindUnknown);

    const missingFile = await call('POST', '/api/saved-messages', team.owner.cookie, {
      name: 'Bad',
      interactive: {
        ...buttons,
        header: undefined,
        headerMedia: { type: 'image', mediaId: crypto.randomUUID() },
      },
    });
    expect(missingFile.statusCode).toBe(400);
    expect(missingFile.json().message).toBe(INTERACTIVE_MSG.headerMediaNotFound);
  });
});
