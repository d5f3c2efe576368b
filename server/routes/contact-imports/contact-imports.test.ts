import { IMPORT_MSG } from '@common/api/contact-imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTeam, startUpload, uploadCsv } from '../../contact-imports/test-helpers';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let team: Awaited<ReturnType<typeof importTeam>>;
let fieldId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await importTeam(ctx);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/contact-fields',
    headers: { cookie: team.owner },
    payload: { label: 'Customer tier', type: 'select', options: ['gold', 'silver'] },
  });
  fieldId = res.json().field.id;
});
afterAll(() => ctx.close());

const get = (url: string, cookie = team.owner) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('uploading a CSV', () => {
  it('answers a preview with the header, the first five rows and suggested targets', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => `Ann ${i},+1 415 555 01${10 + i},vip,gold`);
    const res = await uploadCsv(ctx, team.owner, ['Full name,Mobile,Tags,Customer Tier', ...rows].join('\n'));
    expect(res.statusCode, res.body).toBe(201);
    const { import: imp, preview } = res.json();
    expect(imp).toMatchObject({ status: 'mapping', fileName: 'contacts.csv', totalRows: 8, rowsDone: 0 });
    expect(preview.delimiter).toBe(',');
    expect(preview.columns).toEqual(['Full name', 'Mobile', 'Tags', 'Customer Tier']);
    expect(preview.rows).toHaveLength(5);
    expect(preview.rows[0]).toEqual(['Ann 0', '+1 415 555 0110', 'vip', 'gold']);
    expect(preview.suggested).toEqual([
      { kind: 'name' },
      { kind: 'phone' },
      { kind: 'tags' },
      { kind: 'field', fieldId },
    ]);
    const listed = (await get('/api/contact-imports')).json().imports;
    expect(listed[0].id).toBe(imp.id);
    expect((await get(`/api/contact-imports/${imp.id}`)).json().import.status).toBe('mapping');
  });

  it('reads a BOM, semicolons and quoted fields with delimiters, quotes and line breaks inside', async () => {
    const csv =
      '\ufeffName;Phone;Notes\n"Smith; John";+14155550100;"said ""hi""\nthen left"\nAda;+14155550101;plain\n';
    const res = await uploadCsv(ctx, team.owner, csv);
    expect(res.statusCode, res.body).toBe(201);
    const { preview, import: imp } = res.json();
    expect(preview.delimiter).toBe(';');
    expect(preview.columns).toEqual(['Name', 'Phone', 'Notes']);
    expect(preview.rows).toEqual([
      ['Smith; John', '+14155550100', 'said "hi"\nthen left'],
      ['Ada', '+14155550101', 'plain'],
    ]);
    expect(imp.totalRows).toBe(2);
  });

  it('refuses a malformed file with the line number, an empty file and a missing file', async () => {
    const unclosed = await uploadCsv(ctx, team.owner, 'Name,Phone\nA,+14155550100\nB,1\nC,"open\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().message).toBe(IMPORT_MSG.malformed(4, 'a quoted field is never closed'));
    const headerOnly = await uploadCsv(ctx, team.owner, 'Name,Phone\n');
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe(IMPORT_MSG.empty);
    const nothing = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-imports',
      headers: { cookie: team.owner, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(IMPORT_MSG.noFile);
  });

  it('refuses a file over 50 MB with 413 and the limit in words', async () => {
    const line = 'Someone,+14155550100\n';
    const big = Buffer.alloc(50 * 1024 * 1024 + 10, line);
    const res = await uploadCsv(ctx, team.owner, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMPORT_MSG.tooLarge);
  });

  it('refuses more than 200,000 rows', async () => {
    const rows = Buffer.alloc(200_001 * 3, '1\n');
    const res = await uploadCsv(ctx, team.owner, Buffer.concat([Buffer.from('Phone\n'), rows]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMPORT_MSG.tooManyRows);
  });

  it('is for owners only: a member gets 403 for every import route', async () => {
    const upload = await uploadCsv(ctx, team.member, 'Phone\n+14155550100\n');
    expect(upload.statusCode).toBe(403);
    const created = (await uploadCsv(ctx, team.owner, 'Phone\n+14155550100\n')).json().import.id;
    expect((await get('/api/contact-imports', team.member)).statusCode).toBe(403);
    expect((await get(`/api/contact-imports/${created}`, team.member)).statusCode).toBe(403);
    expect((await get(`/api/contact-imports/${created}/failed-rows`, team.member)).statusCode).toBe(403);
    const start = await startUpload(ctx, team.member, created, {
      columns: [{ kind: 'phone' }],
      existing: 'skip',
    });
    expect(start.statusCode).toBe(403);
  });

  it("keeps other teams' imports out of reach (404)", async () => {
    const other = await importTeam(ctx, { phoneNumberId: '109283746509999', wabaId: '104857600129999' });
    const mine = (await uploadCsv(ctx, team.owner, 'Phone\n+14155550100\n')).json().import.id;
    const res = await get(`/api/contact-imports/${mine}`, other.owner);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(IMPORT_MSG.notFound);
  });
});

describe('starting an import', () => {
  async function uploaded() {
    return (await uploadCsv(ctx, team.owner, 'Name,Phone,Other\nAda,+14155550100,x\n')).json().import
      .id as string;
  }

  it('validates the mapping: one phone column, one name column, every column, known fields and tag', async () => {
    const id = await uploaded();
    const cases: [object, string][] = [
      [{ columns: [{ kind: 'name' }, { kind: 'ignore' }, { kind: 'ignore' }] }, IMPORT_MSG.noPhoneColumn],
      [{ columns: [{ kind: 'name' }, { kind: 'phone' }, { kind: 'phone' }] }, IMPORT_MSG.onePhoneColumn],
      [{ columns: [{ kind: 'name' }, { kind: 'phone' }, { kind: 'name' }] }, IMPORT_MSG.oneNameColumn],
      [{ columns: [{ kind: 'phone' }] }, "Choose what each of the file's 3 columns holds"],
      [
        { columns: [{ kind: 'name' }, { kind: 'phone' }, { kind: 'field', fieldId: crypto.randomUUID() }] },
        'A mapped field no longer exists. Choose the columns again.',
      ],
      [
        { columns: [{ kind: 'name' }, { kind: 'phone' }, { kind: 'ignore' }], tagId: crypto.randomUUID() },
        'The chosen tag no longer exists',
      ],
      [
        { columns: [{ kind: 'name' }, { kind: 'phone' }, { kind: 'ignore' }], existing: 'merge' },
        'existing must be update_empty, overwrite or skip',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await startUpload(ctx, team.owner, id, { existing: 'skip', ...body } as never);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const ok = await startUpload(ctx, team.owner, id, {
      columns: [{ kind: 'name' }, { kind: 'phone' }, { kind: 'field', fieldId }],
      existing: 'update_empty',
      defaultCountry: 'US',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().import.status).toBe('queued');
    const again = await startUpload(ctx, team.owner, id, {
      columns: [{ kind: 'name' }, { kind: 'phone' }, { kind: 'ignore' }],
      existing: 'skip',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(IMPORT_MSG.notMapping);
  });
});
