import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappAccounts } from '../db/schema';
import { loadEnv } from '../env';
import { decryptSecret } from '../lib/crypto';
import { signUpUser } from '../test/factories';
import { type ListeningContext, listeningTestContext, sandboxSignup } from '../test/sandbox';
import { RETRY_DELAYS_MS, type RefreshLogEntry, refreshAccountToken, refreshNeed } from './token-refresh';

const DAY = 86_400_000;
let ctx: ListeningContext;
beforeAll(async () => {
  ctx = await listeningTestContext();
});
afterAll(() => ctx.close());

async function connectedAccount() {
  const owner = await signUpUser(ctx.app);
  const signup = await sandboxSignup(ctx.origin);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/whatsapp/connect/embedded',
    headers: { cookie: owner.cookie },
    payload: { code: signup.code },
  });
  return res.json().accountId as string;
}
const load = async (id: string) =>
  (await ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, id)))[0]!;

describe('refresh rules (spec §4)', () => {
  it('is due without an expiry or within 7 days, urgent within 2', () => {
    const now = Date.now();
    expect(refreshNeed(null, now)).toBe('due');
    expect(refreshNeed(new Date(now + 30 * DAY), now)).toBe('none');
    expect(refreshNeed(new Date(now + 6 * DAY), now)).toBe('due');
    expect(refreshNeed(new Date(now + 1 * DAY), now)).toBe('urgent');
    expect(RETRY_DELAYS_MS).toEqual([1000, 5000, 15000]);
  });
});

describe('refreshing a token against Graph', () => {
  it('swaps a token that expires in 3 days for a validated 60-day one and plans the next check', async () => {
    const id = await connectedAccount();
    const before = await load(id);
    await ctx.db
      .update(whatsappAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() + 3 * DAY), refreshAttemptsCount: 2 })
      .where(eq(whatsappAccounts.id, id));

    const result = await refreshAccountToken(ctx.db, ctx.env, id, { sleep: async () => {} });
    expect(result).toEqual({ refreshed: true, error: null });
    const after = await load(id);
    expect(decryptSecret(after.accessTokenEncrypted!, ctx.env.secretKey)).not.toBe(
      decryptSecret(before.accessTokenEncrypted!, ctx.env.secretKey),
    );
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 55 * DAY);
    expect(after.refreshAttemptsCount).toBe(0);
    expect(
      Math.abs(after.nextRefreshCheck!.getTime() - (after.tokenExpiresAt!.getTime() - 7 * DAY)),
    ).toBeLessThan(5_000);
    const log = after.refreshErrorLog as RefreshLogEntry[];
    expect(log.at(-1)).toMatchObject({ success: true, error: null });
  });

  it('leaves a token that is not due alone', async () => {
    const id = await connectedAccount();
    const before = await load(id);
    const result = await refreshAccountToken(ctx.db, ctx.env, id, { sleep: async () => {} });
    expect(result.refreshed).toBe(false);
    expect((await load(id)).accessTokenEncrypted).toBe(before.accessTokenEncrypted);
  });

  it('logs a refused token without retrying it, and keeps the last 10 entries', async () => {
    const id = await connectedAccount();
    const { encryptSecret } = await import('../lib/crypto');
    await ctx.db
      .update(whatsappAccounts)
      .set({
        accessTokenEncrypted: encryptSecret('EAAG-revoked-token-value', ctx.env.secretKey),
        tokenExpiresAt: new Date(Date.now() + DAY),
      })
      .where(eq(whatsappAccounts.id, id));
    const sleeps: number[] = [];
    for (let i = 0; i < 12; i++) {
      const result = await refreshAccountToken(ctx.db, ctx.env, id, {
        sleep: async (ms) => void sleeps.push(ms),
      });
      expect(result.refreshed).toBe(false);
    }
    expect(sleeps).toEqual([]);
    const after = await load(id);
    expect(after.refreshAttemptsCount).toBe(12);
    expect(after.nextRefreshCheck!.getTime()).toBeGreaterThan(Date.now() + DAY - 60_000);
    const log = after.refreshErrorLog as RefreshLogEntry[];
    expect(log).toHaveLength(10);
    expect(log.every((entry) => entry.success === false && typeof entry.error === 'string')).toBe(true);
  });

  it('retries network failures at 1 s, 5 s and 15 s (plus jitter), then gives up with the spec message', async () => {
    const id = await connectedAccount();
    await ctx.db
      .update(whatsappAccounts)
      .set({ tokenExpiresAt: new Date(Date.now() + DAY) })
      .where(eq(whatsappAccounts.id, id));
    const unreachable = loadEnv({
      DATA_DIR: ctx.env.dataDir,
      SECRET_KEY: ctx.env.secretKey,
      META_GRAPH_URL: 'http://127.0.0.1:9/v22.0',
    });
    const sleeps: number[] = [];
    const result = await refreshAccountToken(ctx.db, unreachable, id, {
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(result).toEqual({ refreshed: false, error: 'Max retry attempts exceeded' });
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000);
    expect(sleeps[0]).toBeLessThan(2000);
    expect(sleeps[1]).toBeGreaterThanOrEqual(5000);
    expect(sleeps[1]).toBeLessThan(6000);
  });
});
