import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFor } from '../../ai/resolve';
import { aiSettings, auditLog } from '../../db/schema';
import { decryptSecret } from '../../lib/crypto';
import { createTestContext, type TestContext, testEnv } from '../../test/harness';
import { buildContact, buildInboxTeam, type TestUser } from '../../test/inbox-factories';

/** Settings → AI on a production-like server: no sandbox, no AI_* env, so nothing answers until the owner connects a model. */
let ctx: TestContext;
let owner: TestUser;
let member: TestUser;
let accountId: string;
let teamId: string;
const KEY = 'sk-live-abcdef0123456789';
beforeAll(async () => {
  ctx = await createTestContext({ env: { META_APP_SECRET: 'a-real-meta-app-secret' } });
  const team = await buildInboxTeam(ctx);
  ({ owner, member } = team);
  accountId = team.account.id;
  teamId = team.team.id;
});
afterAll(() => ctx.close());

const api = (who: { cookie: string }, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

describe('Settings → AI', () => {
  it('with no model anywhere, says how to turn AI on, and the AI buttons answer 409 with the same words', async () => {
    const res = await api(member, 'GET', '/api/ai/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: { configured: false, source: null, sandbox: false },
      settings: null,
      abilities: { configure: false, suggest: true },
    });
    const howTo = res.json().status.notConfiguredMessage as string;
    expect(howTo).toContain('Settings → AI');

    const contact = await buildContact(ctx.db, accountId);
    const suggest = await api(member, 'POST', '/api/ai/suggest', { contactId: contact.id });
    expect(suggest.statusCode).toBe(409);
    expect(suggest.json()).toMatchObject({ error: 'ai_not_configured', message: howTo });
    const test = await api(owner, 'POST', '/api/ai/test', {});
    expect(test.json()).toMatchObject({ ok: false, error: { code: 'ai_not_configured' } });
  });

  it('stores the key sealed, never shows it, and records the change in the activity log', async () => {
    const saved = await api(owner, 'PUT', '/api/ai/settings', {
      baseUrl: 'https://models.example.com/v1',
      apiKey: KEY,
      model: 'team-model-1',
      instructions: 'Open Mon–Fri 9–17. Never promise refunds.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(KEY);
    expect(saved.json()).toMatchObject({
      status: { configured: true, source: 'team', label: 'Your model', model: 'team-model-1' },
      settings: {
        baseUrl: 'https://models.example.com/v1',
        model: 'team-model-1',
        hasKey: true,
        instructions: 'Open Mon–Fri 9–17. Never promise refunds.',
      },
      abilities: { configure: true },
    });

    const [row] = await ctx.db.select().from(aiSettings).where(eq(aiSettings.accountId, accountId));
    expect(row!.apiKeyEncrypted).not.toContain(KEY);
    expect(row!.apiKeyEncrypted).toMatch(/^v1\./);
    expect(decryptSecret(row!.apiKeyEncrypted!, ctx.env.secretKey)).toBe(KEY);

    for (const who of [owner, member]) {
      const read = await api(who, 'GET', '/api/ai/settings');
      expect(read.body).not.toContain(KEY);
      expect(read.body).not.toContain(row!.apiKeyEncrypted!);
    }
    // Members learn that AI is on and which model, not the URL or the knowledge.
    const asMember = (await api(member, 'GET', '/api/ai/settings')).json();
    expect(asMember).toMatchObject({ status: { configured: true, model: 'team-model-1' }, settings: null });
    expect(JSON.stringify(asMember)).not.toContain('models.example.com');

    // Leaving the key out keeps it; null removes it.
    await api(owner, 'PUT', '/api/ai/settings', { model: 'team-model-2' });
    expect((await api(owner, 'GET', '/api/ai/settings')).json().settings).toMatchObject({
      hasKey: true,
      model: 'team-model-2',
    });
    await api(owner, 'PUT', '/api/ai/settings', { apiKey: null });
    expect((await api(owner, 'GET', '/api/ai/settings')).json().settings.hasKey).toBe(false);

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, teamId), eq(auditLog.action, 'ai_settings.updated')));
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.details)).toContainEqual(
      expect.objectContaining({
        changed: ['baseUrl', 'apiKey', 'model', 'instructions'],
        key: 'set',
        baseUrlHost: 'models.example.com',
      }),
    );
    expect(entries.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ changed: ['apiKey'], key: 'removed' }),
    );
    expect(JSON.stringify(entries)).not.toContain(KEY);
    expect(JSON.stringify(entries)).not.toContain('Never promise refunds');
  });

  it('never carries the stored key to another host: a new base URL without a new key drops it', async () => {
    await api(owner, 'PUT', '/api/ai/settings', {
      baseUrl: 'https://models.example.com/v1',
      apiKey: KEY,
      model: 'm',
    });
    // Same host, another path: the key stays.
    const samePath = await api(owner, 'PUT', '/api/ai/settings', {
      baseUrl: 'https://models.example.com/v2',
    });
    expect(samePath.json().settings.hasKey).toBe(true);
    // Testing against another host sends no key (the stub of provider-failures.test.ts checks what arrives).
    const moved = await api(owner, 'PUT', '/api/ai/settings', {
      baseUrl: 'https://elsewhere.example.net/v1',
    });
    expect(moved.json().settings).toMatchObject({
      baseUrl: 'https://elsewhere.example.net/v1',
      hasKey: false,
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, teamId), eq(auditLog.action, 'ai_settings.updated')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry!.details).toMatchObject({
      changed: ['baseUrl', 'apiKey'],
      key: 'removed',
      baseUrlHost: 'elsewhere.example.net',
    });
  });

  it('refuses a member’s change (403) and leaves the settings as they were', async () => {
    const before = await ctx.db.select().from(aiSettings).where(eq(aiSettings.accountId, accountId));
    const res = await api(member, 'PUT', '/api/ai/settings', { model: 'member-model', apiKey: 'sk-member' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('owner_only');
    expect((await api(member, 'POST', '/api/ai/test', {})).statusCode).toBe(403);
    expect(await ctx.db.select().from(aiSettings).where(eq(aiSettings.accountId, accountId))).toEqual(before);
  });

  it('answers bad values with words (400), never a server error', async () => {
    const bad = await api(owner, 'PUT', '/api/ai/settings', { baseUrl: 'localhost:11434' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('The base URL must be a full http(s) address');
    const blank = await api(owner, 'PUT', '/api/ai/settings', { apiKey: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('The API key cannot be blank');
    const long = await api(owner, 'PUT', '/api/ai/settings', { instructions: 'x'.repeat(8_001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Instructions are at most 8,000 characters');
  });
});

describe('the API reference', () => {
  it('lists the AI routes with their schemas', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    for (const path of [
      '/api/ai/settings',
      '/api/ai/test',
      '/api/ai/suggest',
      '/api/ai/summarise',
      '/api/ai/translate',
    ])
      expect(paths).toContain(path);
  });
});

describe('limits', () => {
  it('stops one user after 30 model calls a minute on a route, with words, and not their teammates', async () => {
    const contact = await buildContact(ctx.db, accountId);
    const summarise = (who: TestUser) => api(who, 'POST', '/api/ai/summarise', { contactId: contact.id });
    for (let i = 0; i < 30; i++) expect((await summarise(member)).statusCode).not.toBe(429);
    const limited = await summarise(member);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: 'too_many_requests',
      message: expect.stringContaining('Too many AI requests. Try again in'),
    });
    expect((await summarise(owner)).statusCode).not.toBe(429);
  });
});

describe('which model answers', () => {
  it('the team’s own settings, else the server’s AI_* env, else the sandbox model, else none', () => {
    const server = testEnv({
      META_APP_SECRET: 's',
      AI_BASE_URL: 'http://localhost:11434/v1',
      AI_MODEL: 'llama3.1',
    });
    expect(providerFor(server, null)).toMatchObject({ source: 'server', model: 'llama3.1' });
    const team = {
      accountId,
      baseUrl: 'http://x/v1',
      apiKeyEncrypted: null,
      model: 'mine',
      instructions: '',
      updatedBy: null,
      updatedAt: new Date(),
    };
    expect(providerFor(server, team)).toMatchObject({ source: 'team', model: 'mine' });
    expect(providerFor(testEnv({}), null)).toMatchObject({ source: 'sandbox', model: 'switchboard-sandbox' });
    expect(providerFor(testEnv({ META_APP_SECRET: 's' }), null)).toBeNull();
    expect(() => testEnv({ AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      /AI_MODEL: required with AI_BASE_URL/,
    );
  });
});
