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
const submit = (payload: object, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/onboarding', payload, headers: cookie ? { cookie } : {} });

describe('onboarding', () => {
  it('needs a session', async () => {
    const res = await submit(valid);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You must be logged in to complete onboarding');
  });

  it('reports the first problem in the spec order, word for word', async () => {
    const { cookie } = await signUpUser(ctx.app);
    const cases: [object, string][] = [
      [{ ...valid, name: '  ' }, 'Name is required'],
      [{ ...valid, name: '', companyName: '' }, 'Name is required'],
      [{ ...valid, companyName: '' }, 'Company name is required'],
      [{ ...valid, phoneNumber: '' }, 'Phone number is required'],
      [
        { ...valid, dialCode: '', phoneNumber: '1512 3456789' },
        'Please select a country code or include it manually (e.g., +1 123 456 7890)',
      ],
      [{ ...valid, phoneNumber: '12ab' }, 'Please enter a valid phone number'],
      [{ ...valid, phoneNumber: '1' }, 'Please enter a valid phone number'],
      [
        { ...valid, businessWebsite: 'not a site' },
        'Please enter a valid website domain (e.g., notasite.com)',
      ],
      [{ ...valid, businessWebsite: 'shop' }, 'Please enter a valid website domain (e.g., shop.com)'],
    ];
    for (const [body, message] of cases) {
      const res = await submit(body, cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('stores the full number and the website with its scheme, once', async () => {
    const { cookie } = await signUpUser(ctx.app);
    const res = await submit({ ...valid, businessWebsite: 'analytical.co.uk' }, cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().profile).toEqual({
      name: 'Ada Lovelace',
      companyName: 'Analytical Ltd',
      phoneNumber: '+49 1512 3456789',
      businessWebsite: 'https://analytical.co.uk',
    });

    const again = await submit(valid, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Profile already exists. Redirecting to Facebook connection...');
  });

  it('takes a number typed with its own + prefix and no country selected', async () => {
    const { cookie } = await signUpUser(ctx.app);
    const res = await submit({ ...valid, dialCode: '', phoneNumber: '+1 (415) 555-2671' }, cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().profile.phoneNumber).toBe('+1 (415) 555-2671');
  });
});
