import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { EventBus } from '../events/bus';
import { createTestDatabase, testEnv } from '../test/harness';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const appOptions = () => {
  const log = pino({ level: 'silent' });
  return {
    env: testEnv(),
    database: db.database,
    logger: log,
    events: new EventBus({ db: db.database.db, log }),
  };
};

describe('declared route access', () => {
  it('refuses to start when a route does not declare its access', async () => {
    const app = await buildApp(appOptions());
    app.get('/api/forgotten', async () => ({ secret: true }));
    await expect(app.ready()).rejects.toThrow(/without a declared access level.*GET \/api\/forgotten/);
  });

  it('enforces the declared level before the handler runs', async () => {
    const app = await buildApp(appOptions());
    let ran = 0;
    app.post('/api/members-only', { config: { access: 'member' } }, async () => {
      ran += 1;
      return {};
    });
    app.post('/api/users-only', { config: { access: 'user' } }, async () => {
      ran += 1;
      return {};
    });
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/api/members-only', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await app.inject({ method: 'POST', url: '/api/users-only', payload: {} })).statusCode).toBe(401);
    expect(ran).toBe(0);
    await app.close();
  });
});
