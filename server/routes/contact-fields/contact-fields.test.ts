import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
import { connectTestAccount, signUpActiveMember, signUpUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let owner: { cookie: string };
let member: { cookie: string };
let outsider: { cookie: string };
let accountId: string;
let outsiderAccountId: string;
let n = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  const o = await signUpUser(ctx.app);
  const { account, team } = await connectTestAccount(ctx, { id: o.body.user.id, email: o.email });
  accountId = account.id;
  owner = { cookie: o.cookie };
  const m = await signUpActiveMember(ctx, team.id);
  member = { cookie: m.cookie };
  const x = await signUpUser(ctx.app);
  const other = await connectTestAccount(
    ctx,
    { id: x.body.user.id, email: x.email },
    { phoneNumberId: '109283746509999', wabaId: '104857600129999' },
  );
  outsiderAccountId = other.account.id;
  outsider = { cookie: x.cookie };
});
afterAll(() => ctx.close());

const api = (who: { cookie: string }, method: string, url: string, payload?: object) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
async function newContact(account = accountId) {
  n += 1;
  const waId = `1777000${String(n).padStart(4, '0')}`;
  const [row] = await ctx.db.insert(contacts).values({ accountId: account, waId, phone: waId }).returning();
  return row!.id;
}
async function define(body: object) {
  const res = await api(owner, 'POST', '/api/contact-fields', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().field as { id: string; key: string };
}

describe('contact field definitions', () => {
  it('derives the key from the label, lists in order, and refuses a duplicate key', async () => {
    const field = await define({ label: '  Customer Tier (VIP) ', type: 'text' });
    expect(field).toMatchObject({ key: 'customer_tier_vip', label: 'Customer Tier (VIP)', type: 'text' });
    await define({ label: 'Ordered', key: 'ordered', type: 'number' });
    const again = await api(owner, 'POST', '/api/contact-fields', {
      label: 'customer tier vip',
      type: 'text',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A field with this key already exists');

    const list = await api(member, 'GET', '/api/contact-fields');
    expect(list.statusCode).toBe(200);
    const keys = list.json().fields.map((f: { key: string }) => f.key);
    expect(keys.indexOf('customer_tier_vip')).toBeLessThan(keys.indexOf('ordered'));
    expect(list.json().abilities).toEqual({ manage: false });
    expect((await api(owner, 'GET', '/api/contact-fields')).json().abilities).toEqual({ manage: true });
  });

  it('validates labels, keys, types and select options', async () => {
    const cases: [object, string][] = [
      [{ label: '', type: 'text' }, 'Field label is required'],
      [{ label: 'x'.repeat(61), type: 'text' }, 'Field labels are at most 60 characters'],
      [
        { label: 'Ok', key: 'Bad Key', type: 'text' },
        'Field keys are 1–40 characters: lowercase letters, digits and _',
      ],
      [{ label: '!!!', type: 'text' }, 'Field keys are 1–40 characters: lowercase letters, digits and _'],
      [{ label: 'Plan', type: 'select' }, 'A select field needs 1–50 options'],
      [{ label: 'Plan', type: 'select', options: ['a', 'a'] }, 'Select options must be distinct'],
      [{ label: 'Plan', type: 'text', options: ['a'] }, 'Only select fields have options'],
    ];
    for (const [body, message] of cases) {
      const res = await api(owner, 'POST', '/api/contact-fields', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const bogus = await api(owner, 'POST', '/api/contact-fields', { label: 'Shoe', type: 'colour' });
    expect(bogus.statusCode).toBe(400);
  });

  it('lets only owners define, change and delete fields; members read them', async () => {
    const denied = await api(member, 'POST', '/api/contact-fields', { label: 'Secret', type: 'text' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('Only the team owner can define contact fields.');
    const field = await define({ label: 'Plan', type: 'select', options: ['Free', 'Pro'] });
    expect((await api(member, 'PATCH', `/api/contact-fields/${field.id}`, { label: 'X' })).statusCode).toBe(
      403,
    );
    expect((await api(member, 'DELETE', `/api/contact-fields/${field.id}`)).statusCode).toBe(403);
    expect((await api(member, 'GET', `/api/contact-fields/${field.id}/usage`)).statusCode).toBe(403);

    const renamed = await api(owner, 'PATCH', `/api/contact-fields/${field.id}`, {
      label: 'Subscription',
      options: ['Free', 'Pro', 'Team'],
      position: 0,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().field).toMatchObject({ key: 'plan', label: 'Subscription', position: 0 });
    const keyChange = await api(owner, 'PATCH', `/api/contact-fields/${field.id}`, { key: 'other' });
    expect(keyChange.statusCode).toBe(400);
    const typeChange = await api(owner, 'PATCH', `/api/contact-fields/${field.id}`, { type: 'text' });
    expect(typeChange.statusCode).toBe(400);
  });

  it('deleting says how many contacts held a value and removes the values', async () => {
    const field = await define({ label: 'Region', type: 'text' });
    const [a, b] = [await newContact(), await newContact()];
    await api(member, 'PUT', `/api/contacts/${a}/fields`, { region: 'North' });
    await api(member, 'PUT', `/api/contacts/${b}/fields`, { region: 'South' });
    expect((await api(owner, 'GET', `/api/contact-fields/${field.id}/usage`)).json()).toEqual({
      contactCount: 2,
    });
    const deleted = await api(owner, 'DELETE', `/api/contact-fields/${field.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, contactCount: 2 });
    expect((await api(member, 'GET', `/api/contacts/${a}`)).json().contact.fields).not.toHaveProperty(
      'region',
    );
    expect((await api(owner, 'DELETE', `/api/contact-fields/${field.id}`)).statusCode).toBe(404);
  });
});

describe('live updates', () => {
  it('publishes contact_field.changed for definitions and contact.updated for values', async () => {
    const seen: { kind: string; accountId: string; contactId?: string }[] = [];
    const stop = ctx.events.subscribe((events) => {
      for (const e of events) seen.push(e as (typeof seen)[number]);
    });
    try {
      const field = await define({ label: 'Live field', type: 'text' });
      const contact = await newContact();
      await api(member, 'PUT', `/api/contacts/${contact}/fields`, { live_field: 'on' });
      await api(owner, 'DELETE', `/api/contact-fields/${field.id}`);
      expect(seen.filter((e) => e.kind === 'contact_field.changed')).toHaveLength(2);
      expect(seen).toContainEqual(
        expect.objectContaining({ kind: 'contact.updated', accountId, contactId: contact }),
      );
    } finally {
      stop();
    }
  });
});

describe('contact field values', () => {
  it('validates each value by its field type and shows them on the contact detail', async () => {
    await define({ label: 'Score', type: 'number' });
    await define({ label: 'Birthday', type: 'date' });
    await define({ label: 'Site', type: 'url' });
    await define({ label: 'Work email', type: 'email' });
    await define({ label: 'Size', type: 'select', options: ['S', 'M', 'L'] });
    await define({ label: 'Note line', type: 'text' });
    const contact = await newContact();
    const put = (body: object) => api(member, 'PUT', `/api/contacts/${contact}/fields`, body);

    const bad: [object, string][] = [
      [{ score: 'ten' }, 'must be a number'],
      [{ score: 'Infinity' }, 'must be a number'],
      [{ birthday: '2024-02-30' }, 'yyyy-mm-dd'],
      [{ birthday: '01/02/2024' }, 'yyyy-mm-dd'],
      [{ site: 'javascript:alert(1)' }, 'http(s) URL'],
      [{ site: 'ftp://example.com' }, 'http(s) URL'],
      [{ work_email: 'not-an-email' }, 'e-mail address'],
      [{ size: 'XL' }, 'must be one of S, M, L'],
      [{ note_line: '   ' }, 'cannot be blank'],
      [{ shoe_size: '42' }, 'Unknown field: shoe_size'],
    ];
    for (const [body, message] of bad) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }

    const ok = await put({
      score: 12.5,
      birthday: '2024-02-29',
      site: 'https://example.com/a',
      work_email: 'ana@example.com',
      size: 'M',
      note_line: ' hello ',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const expected = {
      score: '12.5',
      birthday: '2024-02-29',
      site: 'https://example.com/a',
      work_email: 'ana@example.com',
      size: 'M',
      note_line: 'hello',
    };
    expect(ok.json().fields).toEqual(expected);
    // A bad entry writes nothing, not even the good ones beside it.
    expect((await put({ score: 1, size: 'XL' })).statusCode).toBe(400);
    expect((await api(owner, 'GET', `/api/contacts/${contact}`)).json().contact.fields).toEqual(expected);

    // Partial: null clears one, the rest stay.
    const cleared = await put({ score: null, size: 'L' });
    expect(cleared.json().fields).toEqual({ ...expected, score: undefined, size: 'L' });
    expect(
      (await api(member, 'GET', `/api/contacts/${contact}/messages`)).json().contact.fields,
    ).toMatchObject({ size: 'L' });
  });

  it("another team cannot see or touch an account's fields or values", async () => {
    const field = await define({ label: 'Internal code', type: 'text' });
    const contact = await newContact();
    await api(owner, 'PUT', `/api/contacts/${contact}/fields`, { internal_code: 'A1' });

    const theirs = (await api(outsider, 'GET', '/api/contact-fields')).json().fields;
    expect(theirs.map((f: { id: string }) => f.id)).not.toContain(field.id);
    expect((await api(outsider, 'PATCH', `/api/contact-fields/${field.id}`, { label: 'x' })).statusCode).toBe(
      404,
    );
    expect((await api(outsider, 'DELETE', `/api/contact-fields/${field.id}`)).statusCode).toBe(404);
    expect((await api(outsider, 'GET', `/api/contact-fields/${field.id}/usage`)).statusCode).toBe(404);
    expect(
      (await api(outsider, 'PUT', `/api/contacts/${contact}/fields`, { internal_code: 'B2' })).statusCode,
    ).toBe(404);
    // Their own contact does not know our key.
    const own = await newContact(outsiderAccountId);
    const foreignKey = await api(outsider, 'PUT', `/api/contacts/${own}/fields`, { internal_code: 'B2' });
    expect(foreignKey.statusCode).toBe(400);
    expect((await api(owner, 'GET', `/api/contacts/${contact}`)).json().contact.fields).toEqual({
      internal_code: 'A1',
    });
  });
});
