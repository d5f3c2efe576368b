import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
import { connectTestAccount, signUpUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let cookie: string;
let contactId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const o = await signUpUser(ctx.app);
  cookie = o.cookie;
  const { account } = await connectTestAccount(ctx, { id: o.body.user.id, email: o.email });
  const [row] = await ctx.db
    .insert(contacts)
    .values({ accountId: account.id, waId: '16505559999', phone: '16505559999', profileName: 'Maya P' })
    .returning();
  contactId = row!.id;
});
afterAll(() => ctx.close());

const patch = (payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/contacts/${contactId}`, headers: { cookie }, payload });
const row = async () => (await ctx.db.select().from(contacts).where(eq(contacts.id, contactId)))[0]!;

describe("a contact's notes and name", () => {
  it('saves trimmed notes up to 500 characters and refuses 501 with the spec text', async () => {
    const ok = await patch({ notes: `  ${'a'.repeat(500)}  ` });
    expect(ok.statusCode).toBe(200);
    expect((await row()).notes).toBe('a'.repeat(500));

    const tooLong = await patch({ notes: 'b'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Notes cannot exceed 500 characters');
    expect((await row()).notes).toBe('a'.repeat(500));
  });

  it('saves a trimmed name only when it changed; an empty one brings back the WhatsApp name', async () => {
    const before = (await row()).updatedAt;
    expect((await patch({ name: '  Maya Patel ' })).json().name).toBe('Maya Patel');
    const named = await row();
    expect(named.customName).toBe('Maya Patel');
    expect(named.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());

    await patch({ name: 'Maya Patel' });
    expect((await row()).updatedAt.getTime()).toBe(named.updatedAt.getTime());

    expect((await patch({ name: '' })).json().name).toBe('Maya P');
    expect((await row()).customName).toBeNull();
  });
});

describe('the contact panel', () => {
  it('counts messages and media (audio as documents) and lists files by tab', async () => {
    const { media, messages } = await import('../../db/schema');
    const [c] = await ctx.db.select().from(contacts).where(eq(contacts.id, contactId));
    const files = await ctx.db
      .insert(media)
      .values(
        (['image', 'image', 'video', 'document', 'audio'] as const).map((kind) => ({
          accountId: c!.accountId,
          direction: 'incoming' as const,
          kind,
          status: 'ready' as const,
          storageKey: `${c!.accountId}/${kind}`,
        })),
      )
      .returning();
    await ctx.db.insert(messages).values(
      files.map((f, i) => ({
        accountId: c!.accountId,
        contactId,
        direction: 'incoming' as const,
        type: f.kind,
        externalId: `wamid.PANEL${i}`,
        status: 'delivered' as const,
        mediaId: f.id,
        timestamp: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    const stats = (
      await ctx.app.inject({ url: `/api/contacts/${contactId}/stats`, headers: { cookie } })
    ).json();
    expect(stats).toEqual({
      firstContactDate: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      messageCount: 5,
      mediaCount: { photos: 2, videos: 1, documents: 2 },
    });
    const docs = (
      await ctx.app.inject({ url: `/api/contacts/${contactId}/media?tab=docs`, headers: { cookie } })
    ).json();
    expect(docs.items.map((i: { type: string; filename: string }) => [i.type, i.filename])).toEqual([
      ['audio', 'Audio'],
      ['document', 'Document'],
    ]);
  });

  it('gives outgoing photos and videos their small preview, and documents their size and type', async () => {
    const { media, messages } = await import('../../db/schema');
    const [c] = await ctx.db.select().from(contacts).where(eq(contacts.id, contactId));
    const accountId = c!.accountId;
    const file = (kind: 'image' | 'video' | 'document', extra: object = {}) => ({
      accountId,
      direction: 'outgoing' as const,
      kind,
      status: 'ready' as const,
      storageKey: `${accountId}/${kind}-${Math.random()}`,
      ...extra,
    });
    const [thumbA, thumbB] = await ctx.db
      .insert(media)
      .values([file('image'), file('image')])
      .returning();
    const [photo, clip, pdf] = await ctx.db
      .insert(media)
      .values([
        file('image', { thumbnailId: thumbA!.id }),
        file('video', { thumbnailId: thumbB!.id }),
        file('document', { filename: 'quote.pdf', fileSize: 204_800, mimeType: 'application/pdf' }),
      ])
      .returning();
    await ctx.db.insert(messages).values(
      [photo!, clip!, pdf!].map((f, i) => ({
        accountId,
        contactId,
        direction: 'outgoing' as const,
        type: f.kind,
        externalId: `wamid.THUMB${i}`,
        status: 'sent' as const,
        mediaId: f.id,
        timestamp: new Date(Date.UTC(2026, 1, 1 + i)),
      })),
    );
    const list = async (tab: string) =>
      (
        await ctx.app.inject({ url: `/api/contacts/${contactId}/media?tab=${tab}`, headers: { cookie } })
      ).json().items;
    const shown = await list('media');
    expect(shown.find((i: { mediaId: string }) => i.mediaId === clip!.id).thumbnailUrl).toBe(
      `/api/media/${thumbB!.id}`,
    );
    expect(shown.find((i: { mediaId: string }) => i.mediaId === photo!.id).thumbnailUrl).toBe(
      `/api/media/${thumbA!.id}`,
    );
    const doc = (await list('docs')).find((i: { mediaId: string }) => i.mediaId === pdf!.id);
    expect(doc).toMatchObject({ filename: 'quote.pdf', fileSize: 204_800, mimeType: 'application/pdf' });
  });

  it('archives (the contact leaves the tabs), blocks, and only an owner deletes', async () => {
    const state = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/contacts/${contactId}/state`,
        headers: { cookie },
        payload: body,
      });
    expect((await state({ archived: true, blocked: true })).statusCode).toBe(204);
    expect(await row()).toMatchObject({ archivedAt: expect.any(Date), blockedAt: expect.any(Date) });
    const tab = (await ctx.app.inject({ url: '/api/contacts?tab=unassigned', headers: { cookie } })).json();
    expect(tab.contacts.map((c: { id: string }) => c.id)).not.toContain(contactId);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/contacts/${contactId}`,
      headers: { cookie },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.db.$count(contacts, eq(contacts.id, contactId))).toBe(0);
  });
});
