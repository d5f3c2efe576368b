import type { ServerFrame } from '@common/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildContact, buildInboxTeam, type TestUser } from '../test/inbox-factories';
import { type ListeningContext, listeningTestContext } from '../test/sandbox';
import { until } from '../test/until';
import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';

let ctx: ListeningContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let accountId: string;
const sockets: WebSocket[] = [];

/** A signed-in socket on /api/live and every frame it has received so far. */
async function connect(cookie: string): Promise<ServerFrame[]> {
  const ws = new WebSocket(`${ctx.origin.replace('http', 'ws')}/api/live`, { headers: { cookie } });
  sockets.push(ws);
  const frames: ServerFrame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as ServerFrame));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  await until(() => frames.some((f) => f.type === 'hello'), 'the hello frame');
  return frames;
}

const fieldFrames = (frames: ServerFrame[], fieldId: string) =>
  frames.filter(
    (f) => f.type === 'event' && f.event === 'contact_field.changed' && f.data.fieldId === fieldId,
  );

beforeAll(async () => {
  ctx = await listeningTestContext();
  ({
    owner,
    member,
    account: { id: accountId },
  } = await buildInboxTeam(ctx));
  ({ owner: stranger } = await buildInboxTeam(ctx, FIXTURE_ACCOUNTS.secondary));
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await ctx.close();
});

describe('contact field changes on the live feed', () => {
  it('a teammate’s socket hears when the owner defines, renames and deletes a field; another team hears nothing', async () => {
    const [teammate, other] = await Promise.all([connect(member.cookie), connect(stranger.cookie)]);
    const api = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { cookie: owner.cookie }, ...(payload ? { payload } : {}) });

    const created = await api('POST', '/api/contact-fields', {
      label: 'Plan',
      type: 'select',
      options: ['Free'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const fieldId = created.json().field.id as string;
    await until(() => fieldFrames(teammate, fieldId).length === 1, 'the frame for the new field');
    expect(fieldFrames(teammate, fieldId)[0]).toMatchObject({
      type: 'event',
      event: 'contact_field.changed',
      data: { fieldId, updatedAt: expect.any(String) },
    });

    expect((await api('PATCH', `/api/contact-fields/${fieldId}`, { label: 'Subscription' })).statusCode).toBe(
      200,
    );
    await until(() => fieldFrames(teammate, fieldId).length === 2, 'the frame for the rename');
    expect((await api('DELETE', `/api/contact-fields/${fieldId}`)).statusCode).toBe(200);
    await until(() => fieldFrames(teammate, fieldId).length === 3, 'the frame for the delete');

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.filter((f) => f.type === 'event')).toEqual([]);
  });

  it('a value set by one teammate reaches the other with a newer row, so their open panel re-reads it', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-fields',
      headers: { cookie: owner.cookie },
      payload: { label: 'Budget', type: 'number' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = await buildContact(ctx.db, accountId);
    const ownerSocket = await connect(owner.cookie);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/contacts/${contact.id}/fields`,
      headers: { cookie: member.cookie },
      payload: { budget: 1200 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const updated = () =>
      ownerSocket.find(
        (f) => f.type === 'event' && f.event === 'contact.updated' && f.data.contactId === contact.id,
      );
    await until(() => updated() !== undefined, 'the contact.updated frame');
    const frame = updated() as Extract<ServerFrame, { event: 'contact.updated' }>;
    expect(Date.parse(frame.data.updatedAt)).toBeGreaterThan(contact.updatedAt.getTime());
  });
});
