import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const valid = {
  name: 'Ada Lovelace',
  companyName: 'Analytical Ltd',
  phoneNumber: '1512 3456789',
  dialCode: '+49',
};
const put = (payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/profile', payload, headers: cookie ? { cookie } : {} });
const get = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/profile', headers: cookie ? { cookie } : {} });

describe('profile', () => {
  it('needs a session', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(valid)).statusCode).toBe(401);
  });

  it('is null before one is saved, then created and edited with the onboarding rules', async () => {
    const { cookie, email } = await signUpUser(ctx.app);
    expect((await get(cookie)).json()).toEqual({ email, profile: null });

    const created = await put({ ...valid, businessWebsite: 'analytical.co.uk' }, cookie);
    expect(created.statusCode).toBe(200);
    expect(created.json().profile).toEqual({
      name: 'Ada Lovelace',
      companyName: 'Analytical Ltd',
      phoneNumber: '+49 1512 3456789',
      businessWebsite: 'https://analytical.co.uk',
    });

    // The stored number comes back with its + and no country selected: it is kept as typed.
    const edited = await put(
      { name: ' Ada King ', companyName: 'Engines', phoneNumber: '+49 1512 3456789', dialCode: '' },
      cookie,
    );
    expect(edited.json().profile).toEqual({
      name: 'Ada King',
      companyName: 'Engines',
      phoneNumber: '+49 1512 3456789',
      businessWebsite: null,
    });
    expect((await get(cookie)).json().profile.name).toBe('Ada King');
    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json().profile.companyName).toBe('Engines');
  });

  it('reports the first problem in the onboarding order, word for word', async () => {
    const { cookie } = await signUpUser(ctx.app);
    const cases: [object, string][] = [
      [{ ...valid, name: ' ' }, 'Name is required'],
      [{ ...valid, companyName: '' }, 'Company name is required'],
      [{ ...valid, phoneNumber: '' }, 'Phone number is required'],
      [
        { ...valid, dialCode: '' },
        'Please select a country code or include it manually (e.g., +1 123 456 7890)',
      ],
      [{ ...valid, phoneNumber: '12ab' }, 'Please enter a valid phone number'],
      [{ ...valid, businessWebsite: 'shop' }, 'Please enter a valid website domain (e.g., shop.com)'],
    ];
    for (const [body, message] of cases) {
      const res = await put(body, cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await get(cookie)).json().profile).toBeNull();
  });
});
