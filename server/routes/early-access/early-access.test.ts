import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlyAccessRequests } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('early access requests', () => {
  it('stores a complete request', async () => {
    const payload = {
      name: 'Grace',
      email: 'Grace@Navy.mil',
      company: 'Navy',
      whatsappNumber: '+1 555 0100',
    };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/early-access', payload });
    expect(res.statusCode).toBe(201);
    const rows = await ctx.db.select().from(earlyAccessRequests);
    expect(rows).toEqual([
      expect.objectContaining({ name: 'Grace', email: 'grace@navy.mil', company: 'Navy' }),
    ]);
  });

  it('requires all four fields and a valid e-mail', async () => {
    const base = { name: 'Grace', email: 'grace@navy.mil', company: 'Navy', whatsappNumber: '+1 555 0100' };
    const cases: [object, string][] = [
      [{ ...base, name: ' ' }, 'Name is required'],
      [{ ...base, email: 'grace' }, 'Please enter a valid email address'],
      [{ ...base, company: '' }, 'Company is required'],
      [{ ...base, whatsappNumber: '' }, 'WhatsApp Number is required'],
    ];
    for (const [payload, message] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/early-access', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
