import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consentKeywords, contacts } from '../../db/schema';
import { collectEvents } from '../../test/events';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildContact, buildInboxTeam, type TestUser } from '../../test/inbox-factories';

let ctx: TestContext;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let accountId: string;
let teamId: string;
let outsiderAccountId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const team = await buildInboxTeam(ctx);
  ({ owner, member } = team);
  accountId = team.account.id;
  teamId = team.team.id;
  const other = await buildInboxTeam(ctx, { phoneNumberId: '109283746509999', wabaId: '104857600129999' });
  outsider = other.owner;
  outsiderAccountId = other.account.id;
});
afterAll(() => ctx.close());

const api = (who: { cookie: string }, method: string, url: string, payload?: object) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

describe('setting a contact’s consent by hand', () => {
  it('records who, when and how, writes the audit entry and tells every teammate', async () => {
    const contact = await buildContact(ctx.db, accountId);
    const before = await api(member, 'GET', `/api/contacts/${contact.id}`);
    expect(before.json().contact.consent).toEqual({
      state: 'unknown',
      changedAt: null,
      source: null,
      changedBy: null,
    });

    const events = collectEvents(ctx.events);
    const res = await api(member, 'PUT', `/api/contacts/${contact.id}/consent`, { state: 'opted_in' });
    events.stop();
    expect(res.statusCode, res.body).toBe(200);
    const label = member.email.split('@')[0];
    expect(res.json().consent).toMatchObject({
      state: 'opted_in',
      source: 'manual',
      changedBy: { id: member.id, label },
    });
    expect(events.seen).toContainEqual({ kind: 'contact.updated', accountId, contactId: contact.id });

    const detail = (await api(owner, 'GET', `/api/contacts/${contact.id}`)).json().contact;
    expect(detail.consent).toMatchObject({
      state: 'opted_in',
      source: 'manual',
      changedBy: { id: member.id },
    });
    expect(Date.parse(detail.consent.changedAt)).toBeGreaterThan(Date.now() - 60_000);

    await api(owner, 'PUT', `/api/contacts/${contact.id}/consent`, { state: 'opted_out' });
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, contact.id), eq(auditLog.action, 'contact.consent_changed')));
    expect(entries.map((e) => [e.actorId, e.teamId, e.details])).toEqual(
      expect.arrayContaining([
        [member.id, teamId, { from: 'unknown', to: 'opted_in' }],
        [owner.id, teamId, { from: 'opted_in', to: 'opted_out' }],
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it('setting the state it already has changes nothing and logs nothing', async () => {
    const contact = await buildContact(ctx.db, accountId, { consent: 'opted_out' });
    const res = await api(member, 'PUT', `/api/contacts/${contact.id}/consent`, { state: 'opted_out' });
    expect(res.statusCode).toBe(200);
    expect(res.json().consent).toEqual({
      state: 'opted_out',
      changedAt: null,
      source: null,
      changedBy: null,
    });
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, contact.id));
    expect(entries).toHaveLength(0);
  });

  it('refuses a bad state, another team’s contact and a signed-out caller', async () => {
    const contact = await buildContact(ctx.db, accountId);
    const bad = await api(member, 'PUT', `/api/contacts/${contact.id}/consent`, { state: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('state must be opted_in, opted_out or unknown');

    const foreign = await api(outsider, 'PUT', `/api/contacts/${contact.id}/consent`, { state: 'opted_in' });
    expect(foreign.statusCode).toBe(404);
    const anon = await ctx.app.inject({
      method: 'PUT',
      url: `/api/contacts/${contact.id}/consent`,
      payload: { state: 'opted_in' },
    });
    expect(anon.statusCode).toBe(401);
    const [row] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row!.consent).toBe('unknown');
  });
});

describe('consent keyword settings', () => {
  it('shows the defaults until the owner saves lists; members read but cannot write', async () => {
    const first = await api(member, 'GET', '/api/consent-keywords');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      optOut: ['STOP', 'UNSUBSCRIBE'],
      optIn: ['START', 'SUBSCRIBE'],
      abilities: { edit: false },
    });
    expect((await api(owner, 'GET', '/api/consent-keywords')).json().abilities).toEqual({ edit: true });

    const denied = await api(member, 'PUT', '/api/consent-keywords', { optOut: ['HALT'], optIn: [] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      error: 'owner_only',
      message: 'Only the team owner can change the consent keywords.',
    });

    const saved = await api(owner, 'PUT', '/api/consent-keywords', {
      optOut: [' Stop ', 'HALT', 'halt', 'Basta'],
      optIn: ['START'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      optOut: ['Stop', 'HALT', 'Basta'],
      optIn: ['START'],
      abilities: { edit: true },
    });
    expect((await api(member, 'GET', '/api/consent-keywords')).json()).toMatchObject({
      optOut: ['Stop', 'HALT', 'Basta'],
      optIn: ['START'],
    });
    // Another team still has the defaults.
    expect((await api(outsider, 'GET', '/api/consent-keywords')).json().optOut).toEqual([
      'STOP',
      'UNSUBSCRIBE',
    ]);
    const [row] = await ctx.db
      .select()
      .from(consentKeywords)
      .where(eq(consentKeywords.accountId, outsiderAccountId));
    expect(row).toBeUndefined();
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, teamId), eq(auditLog.action, 'consent_keywords.updated')));
    expect(audit).toHaveLength(1);
  });

  it('answers each mistake with the schema’s message and saves nothing', async () => {
    const cases: [object, string][] = [
      [{ optOut: [' '], optIn: [] }, 'Keywords cannot be blank'],
      [{ optOut: ['x'.repeat(31)], optIn: [] }, 'Keywords are at most 30 characters'],
      [{ optOut: Array.from({ length: 21 }, (_, i) => `K${i}`), optIn: [] }, 'At most 20 keywords per list'],
      [{ optOut: ['STOP'], optIn: ['stop'] }, 'A keyword cannot be both opt-out and opt-in'],
      [{ optOut: ['STOP'] }, 'expected array'],
    ];
    for (const [body, message] of cases) {
      const res = await api(owner, 'PUT', '/api/consent-keywords', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await api(owner, 'GET', '/api/consent-keywords')).json().optOut).toEqual([
      'Stop',
      'HALT',
      'Basta',
    ]);
  });
});
