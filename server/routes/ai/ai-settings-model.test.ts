import { AI_MODEL_MISSING_MESSAGE, AI_MODEL_REQUIRED_MESSAGE } from '@common/api/ai';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiStatus, providerFor } from '../../ai/resolve';
import { aiSettings } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildContact, buildInboxTeam, type TestUser } from '../../test/inbox-factories';

/**
 * A base URL needs a model. On a sandbox server, where the sandbox model answers a team that set
 * nothing, a team that saved its own base URL without a model must not be answered by the sandbox
 * model (nor the server's) in its place: the settings refuse it, and an old row says so in words.
 */
let ctx: TestContext;
let owner: TestUser;
let member: TestUser;
let accountId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const team = await buildInboxTeam(ctx);
  ({ owner, member } = team);
  accountId = team.account.id;
});
afterAll(() => ctx.close());

const api = (who: { cookie: string }, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

describe('a base URL without a model', () => {
  it('is refused by the settings (400, on the model field) whether the body or the saved row lacks the model', async () => {
    const both = await api(owner, 'PUT', '/api/ai/settings', {
      baseUrl: 'http://localhost:11434/v1',
      apiKey: 'sk-local',
      model: null,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(AI_MODEL_REQUIRED_MESSAGE);

    // No model saved yet: a base URL alone is refused too.
    const urlOnly = await api(owner, 'PUT', '/api/ai/settings', { baseUrl: 'http://localhost:11434/v1' });
    expect(urlOnly.statusCode).toBe(400);
    expect(urlOnly.json()).toMatchObject({ error: 'ai_model_required', message: AI_MODEL_REQUIRED_MESSAGE });
    expect(await ctx.db.select().from(aiSettings).where(eq(aiSettings.accountId, accountId))).toEqual([]);

    // Saved with a model, then the model alone cleared: refused, the row keeps its model.
    const saved = await api(owner, 'PUT', '/api/ai/settings', {
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cleared = await api(owner, 'PUT', '/api/ai/settings', { model: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().message).toBe(AI_MODEL_REQUIRED_MESSAGE);
    const [row] = await ctx.db.select().from(aiSettings).where(eq(aiSettings.accountId, accountId));
    expect(row).toMatchObject({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' });

    // Clearing both goes back to the sandbox model.
    const reset = await api(owner, 'PUT', '/api/ai/settings', { baseUrl: null, model: null });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().status).toMatchObject({ configured: true, source: 'sandbox' });
  });

  it('“Test connection” says the model is missing, in words, and never asks the sandbox model', async () => {
    const unsaved = await api(owner, 'POST', '/api/ai/test', { baseUrl: 'http://localhost:11434/v1' });
    expect(unsaved.statusCode).toBe(200);
    expect(unsaved.json()).toEqual({
      ok: false,
      error: { code: 'ai_not_configured', message: AI_MODEL_MISSING_MESSAGE },
      source: null,
      label: null,
      model: null,
    });
    const blankModel = await api(owner, 'POST', '/api/ai/test', {
      baseUrl: 'http://localhost:11434/v1',
      model: null,
    });
    expect(blankModel.statusCode).toBe(400);
    expect(blankModel.json().message).toBe(AI_MODEL_REQUIRED_MESSAGE);
  });

  it('a row saved before the rule (URL and key, no model): no model answers, and every teammate is told why', async () => {
    await ctx.db
      .insert(aiSettings)
      .values({ accountId, baseUrl: 'https://models.example.com/v1', model: null, instructions: '' })
      .onConflictDoUpdate({
        target: aiSettings.accountId,
        set: { baseUrl: 'https://models.example.com/v1', model: null },
      });
    for (const who of [owner, member]) {
      const status = (await api(who, 'GET', '/api/ai/settings')).json().status;
      expect(status).toMatchObject({ configured: false, source: null, model: null, sandbox: true });
      expect(status.notConfiguredMessage).toBe(AI_MODEL_MISSING_MESSAGE);
    }
    const test = await api(owner, 'POST', '/api/ai/test', {});
    expect(test.json()).toMatchObject({
      ok: false,
      error: { message: AI_MODEL_MISSING_MESSAGE },
      source: null,
    });
    const contact = await buildContact(ctx.db, accountId);
    const suggest = await api(member, 'POST', '/api/ai/suggest', { contactId: contact.id });
    expect(suggest.statusCode).toBe(409);
    expect(suggest.json()).toMatchObject({ error: 'ai_not_configured', message: AI_MODEL_MISSING_MESSAGE });
    // Marketing → AI Bots and its test chat say the same.
    expect((await api(member, 'GET', '/api/ai/bot')).json().status.notConfiguredMessage).toBe(
      AI_MODEL_MISSING_MESSAGE,
    );
    const botTest = await api(owner, 'POST', '/api/ai/bot/test', {
      messages: [{ from: 'customer', text: 'Do you open on Sundays?' }],
    });
    expect(botTest.json()).toMatchObject({ ok: false, error: { message: AI_MODEL_MISSING_MESSAGE } });

    // Naming the model fixes it.
    const fixed = await api(owner, 'PUT', '/api/ai/settings', { model: 'team-model' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().status).toMatchObject({ configured: true, source: 'team', model: 'team-model' });
  });

  it('resolve.ts: never the server’s or the sandbox model for a team’s own base URL', () => {
    const row = {
      accountId,
      baseUrl: 'http://localhost:11434/v1',
      apiKeyEncrypted: null,
      model: null,
      instructions: '',
      updatedBy: null,
      updatedAt: new Date(),
    };
    expect(ctx.env.sandbox).toBe(true);
    expect(providerFor(ctx.env, null)).toMatchObject({ source: 'sandbox' });
    expect(providerFor(ctx.env, row)).toBeNull();
    expect(aiStatus(ctx.env, null, row)).toMatchObject({
      configured: false,
      notConfiguredMessage: AI_MODEL_MISSING_MESSAGE,
    });
  });
});
