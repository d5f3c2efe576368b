import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, passwordResets, users } from '../../db/schema';
import { signUpUser, uniqueEmail } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * The outside review's findings: links from the request's Host, reset links that outlive a newer one,
 * sign-in limited per IP only (and the IP taken from X-Forwarded-For), forgot-password's timing.
 */

let ip = 0;
/** A fresh client address per call: the per-IP limit (10 a minute) never gets in the way here. */
const nextIp = () => {
  ip += 1;
  return `10.77.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
};

async function resetLinksFor(ctx: TestContext, email: string): Promise<string[]> {
  const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return mails.map((m) => /(\S+\/reset-password\?token=[\w-]+)/.exec(m.text)?.[1] ?? '');
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('reset links come from PUBLIC_URL only', () => {
  let dev: TestContext;
  let prod: TestContext;
  beforeAll(async () => {
    [dev, prod] = await Promise.all([
      // No PUBLIC_URL: development's default, http://localhost:PORT.
      createTestContext({ env: { TRUST_PROXY: 'true' } }),
      createTestContext({
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://inbox.example.test', TRUST_PROXY: '127.0.0.1' },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([dev?.close(), prod?.close()]);
  });

  for (const [name, headers] of [
    ['Host: evil.example', { host: 'evil.example' }],
    [
      'X-Forwarded-Host: attacker.test',
      { 'x-forwarded-host': 'attacker.test', 'x-forwarded-proto': 'https' },
    ],
  ] as const) {
    it(`ignores ${name}, without PUBLIC_URL and in production with it`, async () => {
      for (const ctx of [dev, prod]) {
        const { email } = await signUpUser(ctx.app);
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
          headers,
          remoteAddress: '127.0.0.1',
        });
        expect(res.statusCode).toBe(202);
        await ctx.runner.drain();
        const [link] = await resetLinksFor(ctx, email);
        expect(link?.startsWith(`${ctx.env.publicUrl}/reset-password?token=`), link).toBe(true);
        const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
        expect(mail!.html).not.toMatch(/evil\.example|attacker\.test/);
      }
      expect(dev.env.publicUrl).toBe('http://localhost:3000');
      expect(prod.env.publicUrl).toBe('https://inbox.example.test');
    });
  }
});

describe('password reset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const forgot = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: nextIp(),
    });

  it('answers alike for an existing and an unknown address, and stores nothing until the job runs', async () => {
    const { email, body } = await signUpUser(ctx.app);
    const unknown = uniqueEmail('nobody');
    const known = await forgot(email.toUpperCase());
    const ghost = await forgot(unknown);
    expect(known.statusCode).toBe(202);
    expect(ghost.statusCode).toBe(202);
    expect(known.body).toBe(ghost.body);
    // Nothing about the account is looked at on the request path.
    expect(await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, body.user.id))).toEqual(
      [],
    );
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);

    await ctx.runner.drain();
    expect(
      await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, body.user.id)),
    ).toHaveLength(1);
    expect(await resetLinksFor(ctx, email)).toHaveLength(1);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, unknown))).toEqual([]);
  });

  it('ends every older link when a newer one is used', async () => {
    const { email, body } = await signUpUser(ctx.app, uniqueEmail('twice'), 'old-password');
    await forgot(email);
    await ctx.runner.drain();
    await forgot(email);
    await ctx.runner.drain();
    const [first, second] = await resetLinksFor(ctx, email);
    expect(first && second && first !== second).toBe(true);

    const reset = (link: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: tokenOf(link), password },
        remoteAddress: nextIp(),
      });
    expect((await reset(second!, 'second-password')).statusCode).toBe(200);
    const old = await reset(first!, 'first-password');
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toMatch(/invalid or has expired/);

    const open = await ctx.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, body.user.id), isNull(passwordResets.usedAt)));
    expect(open).toEqual([]);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: 'second-password' },
      remoteAddress: nextIp(),
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('sign-in is limited per account as well as per IP', () => {
  let trusting: TestContext;
  let direct: TestContext;
  beforeAll(async () => {
    [trusting, direct] = await Promise.all([
      createTestContext({ env: { TRUST_PROXY: '127.0.0.1' } }),
      createTestContext(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([trusting?.close(), direct?.close()]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** One attempt from its own address: forged in X-Forwarded-For behind the trusted proxy, else real. */
  function attempt(ctx: TestContext, email: string, password: string) {
    const address = nextIp();
    return ctx === trusting
      ? ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email, password },
          headers: { 'x-forwarded-for': address },
          remoteAddress: '127.0.0.1',
        })
      : ctx.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email, password },
          remoteAddress: address,
        });
  }

  for (const mode of ['behind a trusted proxy', 'without TRUST_PROXY'] as const) {
    it(`answers 429 by the 11th wrong password from 15 addresses, for an account and for no account (${mode})`, async () => {
      const ctx = mode === 'without TRUST_PROXY' ? direct : trusting;
      const { email } = await signUpUser(ctx.app);
      for (const target of [email, uniqueEmail('ghost')]) {
        const statuses: number[] = [];
        for (let i = 0; i < 15; i++) {
          const res = await attempt(ctx, target, 'wrong-password');
          statuses.push(res.statusCode);
          if (res.statusCode === 429) {
            expect(res.json().message).toMatch(/^Too many sign-in attempts\. .*\(retry in 1[45] minutes\)$/);
            expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
          }
        }
        expect(statuses, target).toEqual([...Array(10).fill(401), ...Array(5).fill(429)]);
      }
    });
  }

  it('refuses the right password while locked, lets it in once the window has passed, and spares other accounts', async () => {
    const ctx = trusting;
    const locked = await signUpUser(ctx.app, uniqueEmail('locked'), 'right-password');
    const other = await signUpUser(ctx.app, uniqueEmail('other'), 'other-password');
    for (let i = 0; i < 10; i++)
      expect((await attempt(ctx, locked.email, 'wrong-password')).statusCode).toBe(401);

    const whileLocked = await attempt(ctx, locked.email, 'right-password');
    expect(whileLocked.statusCode).toBe(429);
    expect(whileLocked.headers['set-cookie']).toBeUndefined();
    expect((await attempt(ctx, locked.email.toUpperCase(), 'right-password')).statusCode).toBe(429);
    expect((await attempt(ctx, other.email, 'other-password')).statusCode).toBe(200);

    // The same refusal as the per-IP limit's, body for body.
    const perIp: number[] = [];
    let perIpBody: unknown;
    for (let i = 0; i < 11; i++) {
      const res = await direct.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: uniqueEmail('spray'), password: 'x' },
        remoteAddress: '10.99.99.99',
      });
      perIp.push(res.statusCode);
      perIpBody = res.json();
    }
    expect(perIp.at(-1)).toBe(429);
    expect(Object.keys(whileLocked.json()).sort()).toEqual(Object.keys(perIpBody as object).sort());
    expect(whileLocked.json().error).toBe((perIpBody as { error: string }).error);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 14 * 60_000 });
    expect((await attempt(ctx, locked.email, 'right-password')).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 61_000);
    const after = await attempt(ctx, locked.email, 'right-password');
    expect(after.statusCode).toBe(200);
    vi.useRealTimers();

    // A success starts the address again with its whole budget.
    for (let i = 0; i < 10; i++)
      expect((await attempt(ctx, locked.email, 'wrong-password')).statusCode).toBe(401);
    expect((await attempt(ctx, locked.email, 'wrong-password')).statusCode).toBe(429);
  });

  it('counts the addresses, not the users table: an unknown address is refused the same way', async () => {
    const ghost = uniqueEmail('ghost');
    for (let i = 0; i < 10; i++) expect((await attempt(direct, ghost, 'x')).statusCode).toBe(401);
    const res = await attempt(direct, ghost, 'x');
    expect(res.statusCode).toBe(429);
    expect(await direct.db.select().from(users).where(eq(users.email, ghost))).toEqual([]);
  });
});
