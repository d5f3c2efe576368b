import type { MessageResponse } from '@common/api/inbox';
import type { TemplateResponse, TemplatesResponse } from '@common/api/templates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, messages, sandboxTemplates, templates } from '../../db/schema';
import { syncTemplates } from '../../templates/sync';
import { collectEvents } from '../../test/events';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  type SandboxTeam,
  settle,
} from '../../test/outbound';
import { type ListeningContext, listeningTestContext, phoneApi, runSandboxJobs } from '../../test/sandbox';

/**
 * Templates against the sandbox over real HTTP: the list synced from Graph (every page, unusable ones
 * skipped), creation checked before any Graph call, Meta's review arriving by webhook, and a template
 * sent outside the 24-hour window reaching the customer's phone with the values filled in.
 */

let ctx: ListeningContext;
let team: SandboxTeam;
let wabaId: string;

const api = (
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  cookie = team.owner.cookie,
) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const sandboxCount = async () =>
  (await ctx.db.select().from(sandboxTemplates).where(eq(sandboxTemplates.wabaId, wabaId))).length;

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
  const [row] = await ctx.db
    .select({ wabaId: sandboxTemplates.wabaId })
    .from(sandboxTemplates)
    .where(eq(sandboxTemplates.name, 'hello_world'));
  wabaId = row!.wabaId;
});
afterAll(() => ctx.close());

describe('listing', () => {
  it('reads every page from Graph, skips templates without components, and shows unknown statuses as pending', async () => {
    await ctx.db.insert(sandboxTemplates).values([
      ...Array.from({ length: 105 }, (_, i) => ({
        id: String(7_000_000 + i),
        wabaId,
        name: `bulk_${String(i).padStart(3, '0')}`,
        language: 'en_US',
        category: 'MARKETING',
        components: [{ type: 'BODY', text: `Offer number ${i}` }],
        status: 'APPROVED',
      })),
      {
        id: '7100000',
        wabaId,
        name: 'no_parts',
        language: 'en_US',
        category: 'UTILITY',
        components: [],
        status: 'APPROVED',
      },
      {
        id: '7100001',
        wabaId,
        name: 'paused_one',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Paused text' }],
        status: 'PAUSED',
      },
    ]);
    const res = await api('GET', '/api/templates?refresh=1', undefined, team.member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as TemplatesResponse).templates;
    const names = list.map((t) => t.name);
    expect(names).toContain('hello_world');
    expect(names).toContain('bulk_104');
    expect(names).not.toContain('no_parts');
    expect(list.length).toBe(2 + 105 + 1);
    const paused = list.find((t) => t.name === 'paused_one')!;
    expect(paused.status).toBe('pending');
    expect(paused.providerStatus).toBe('paused');
    const order = list.find((t) => t.name === 'order_update')!;
    expect(order).toMatchObject({ status: 'approved', bodyVariables: 2 });

    const approved = (await api('GET', '/api/templates?status=approved')).json() as TemplatesResponse;
    expect(approved.templates.map((t) => t.name)).not.toContain('paused_one');

    // Gone at Meta → gone here.
    await ctx.db.delete(sandboxTemplates).where(eq(sandboxTemplates.wabaId, wabaId));
    await ctx.db.insert(sandboxTemplates).values({
      id: '7100002',
      wabaId,
      name: 'hello_world',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hello World' }],
      status: 'APPROVED',
    });
    await syncTemplates(ctx, team.accountId);
    const after = (await api('GET', '/api/templates')).json() as TemplatesResponse;
    expect(after.templates.map((t) => t.name)).toEqual(['hello_world']);
  });
});

describe('creating', () => {
  const valid = {
    name: 'Order Ready!',
    body: 'Hi {{1}}, your order {{2}} is ready for pickup.',
    bodyExamples: ['Maya', 'A-1001'],
    header: { format: 'TEXT', text: 'Your order' },
    footer: 'Reply STOP to opt out',
    buttons: [
      { type: 'URL', text: 'Track', url: 'https://example.com/track' },
      { type: 'QUICK_REPLY', text: 'Thanks' },
    ],
  };

  it.each([
    ['an empty name', { name: '  ' }, 'Please enter a template name'],
    ['a name of only symbols', { name: '!!!' }, 'Please enter a template name'],
    ['a name over 512', { name: 'a'.repeat(513) }, 'Template names can be at most 512 characters'],
    ['an empty body', { body: '   ' }, 'Please enter the message body'],
    ['a body over 1024', { body: `Hello ${'x'.repeat(1024)}` }, 'The body can be at most 1024 characters'],
    ['variables out of order', { body: 'Hi {{2}} and {{1}} there' }, 'expected {{1}} but found {{2}}'],
    ['a skipped variable', { body: 'Hi {{1}} and {{3}} there', bodyExamples: ['a', 'b'] }, 'expected {{2}}'],
    ['a named variable', { body: 'Hi {{name}} there' }, 'Variables must look like {{1}}'],
    ['a broken variable', { body: 'Hi {{1} there' }, 'Variables must look like {{1}}'],
    ['a variable at the start', { body: '{{1}} is ready', bodyExamples: ['x'] }, 'cannot start or end'],
    ['a variable at the end', { body: 'Hello {{1}}', bodyExamples: ['x'] }, 'cannot start or end'],
    ['a missing example', { bodyExamples: ['Maya'] }, 'Enter an example value for the variable {{2}}'],
    ['a header over 60', { header: { format: 'TEXT', text: 'h'.repeat(61) } }, 'at most 60'],
    [
      'two header variables',
      { header: { format: 'TEXT', text: 'A {{1}} {{2}}', example: 'x' } },
      'at most one variable',
    ],
    [
      'a header variable without example',
      { header: { format: 'TEXT', text: 'Hi {{1}}' } },
      'header variable',
    ],
    ['a footer over 60', { footer: 'f'.repeat(61) }, 'The footer can be at most 60 characters'],
    ['an http URL button', { buttons: [{ type: 'URL', text: 'Go', url: 'http://example.com' }] }, 'https://'],
    [
      'eleven buttons',
      { buttons: Array.from({ length: 11 }, (_, i) => ({ type: 'QUICK_REPLY', text: `B${i}` })) },
      'at most 10 buttons',
    ],
    ['a long button label', { buttons: [{ type: 'QUICK_REPLY', text: 'x'.repeat(26) }] }, 'at most 25'],
    [
      'a bad phone',
      { buttons: [{ type: 'PHONE_NUMBER', text: 'Call', phoneNumber: 'call me' }] },
      'country code',
    ],
  ])('refuses %s before any Graph call', async (_label, change, message) => {
    const before = await sandboxCount();
    const res = await api('POST', '/api/templates', { ...valid, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await sandboxCount()).toBe(before);
  });

  it('normalizes the name, stores it pending, and takes the approval from the status webhook', async () => {
    const { seen, stop } = collectEvents(ctx.events);
    const res = await api('POST', '/api/templates', valid, team.member.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const created = (res.json() as TemplateResponse).template;
    expect(created).toMatchObject({
      name: 'order_ready_',
      status: 'pending',
      category: 'UTILITY',
      language: 'en_US',
      header: { format: 'TEXT', text: 'Your order' },
      footer: 'Reply STOP to opt out',
      bodyVariables: 2,
      bodyExamples: ['Maya', 'A-1001'],
    });
    // Quick replies go first, as Meta wants them grouped.
    expect(created.buttons.map((b) => b.type)).toEqual(['QUICK_REPLY', 'URL']);
    const [atMeta] = await ctx.db
      .select()
      .from(sandboxTemplates)
      .where(and(eq(sandboxTemplates.wabaId, wabaId), eq(sandboxTemplates.name, 'order_ready_')));
    expect(atMeta?.status).toBe('PENDING');

    const again = await api('POST', '/api/templates', valid);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/^Failed to create template: /);

    await runSandboxJobs(ctx);
    await ctx.webhooks.drain();
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, created.id));
    expect(row?.status).toBe('approved');
    expect(seen.filter((c) => c.kind === 'template.updated' && c.templateId === created.id).length).toBe(2);
    stop();

    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, created.id));
    expect(audit.map((a) => a.action)).toEqual(['template.created']);
  });

  it('takes a rejection with its reason', async () => {
    const res = await api('POST', '/api/templates', {
      name: 'bad_one',
      body: 'Please REJECT this one',
    });
    expect(res.statusCode, res.body).toBe(201);
    await runSandboxJobs(ctx);
    await ctx.webhooks.drain();
    const list = (await api('GET', '/api/templates')).json() as TemplatesResponse;
    expect(list.templates.find((t) => t.name === 'bad_one')).toMatchObject({
      status: 'rejected',
      rejectedReason: 'INVALID_FORMAT',
    });
  });
});

describe('sending', () => {
  it('goes outside the 24-hour window and the customer reads the filled-in text', async () => {
    await customerWrites(ctx, team, '16505550177', 'Hello, is my order ready?');
    const contact = await contactOf(ctx, team, '16505550177');
    await phoneApi(ctx.origin, 'POST', '/clock/advance', { seconds: 25 * 3600 });

    const text = await api(
      'POST',
      `/api/contacts/${contact.id}/messages`,
      { clientRef: 'temp-t-1', text: 'hi' },
      team.member.cookie,
    );
    expect(text.statusCode).toBe(409);

    const list = (await api('GET', '/api/templates?status=approved&refresh=1')).json() as TemplatesResponse;
    const template = list.templates.find((t) => t.name === 'order_ready_')!;
    const missing = await api(
      'POST',
      `/api/contacts/${contact.id}/template-messages`,
      { templateId: template.id, clientRef: 'temp-t-2', parameters: { body: ['Maya'] } },
      team.member.cookie,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Fill in all 2 variables of this template');

    const sent = await api(
      'POST',
      `/api/contacts/${contact.id}/template-messages`,
      { templateId: template.id, clientRef: 'temp-t-3', parameters: { body: ['Maya', 'A-2002'] } },
      team.member.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const message = (sent.json() as MessageResponse).message;
    expect(message).toMatchObject({ type: 'template', status: 'pending', clientRef: 'temp-t-3' });
    expect(message.body).toBe(
      'Your order\n\nHi Maya, your order A-2002 is ready for pickup.\n\nReply STOP to opt out',
    );

    await settle(ctx);
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row?.status).toMatch(/sent|delivered/);
    expect(row?.externalId).toBeTruthy();
    const atMeta = await messagesAtMeta(ctx, team, '16505550177');
    const last = atMeta.at(-1)!;
    expect(last.type).toBe('template');
    const rendered = (last.payload as { template: { rendered: { body: string; header: unknown } } }).template
      .rendered;
    expect(rendered.body).toBe('Hi Maya, your order A-2002 is ready for pickup.');
    expect(rendered.header).toEqual({ kind: 'text', text: 'Your order' });
  });

  it('refuses a template that is not approved', async () => {
    const contact = await contactOf(ctx, team, '16505550177');
    const list = (await api('GET', '/api/templates')).json() as TemplatesResponse;
    const rejected = list.templates.find((t) => t.name === 'bad_one')!;
    const res = await api('POST', `/api/contacts/${contact.id}/template-messages`, {
      templateId: rejected.id,
      clientRef: 'temp-t-4',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only approved templates can be sent');
  });
});
