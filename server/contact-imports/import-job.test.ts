import { IMPORT_MSG, type StartImportInput } from '@common/api/contact-imports';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactFieldValues, contacts, contactTags, tags } from '../db/schema';
import type { DeliveredEvent } from '../events/types';
import { filterColumnDrift } from '../test/filter-columns';
import { createTestContext, type TestContext } from '../test/harness';
import { runImport } from './run-import';
import { importDeps, importTeam, startUpload, uploadCsv } from './test-helpers';

let ctx: TestContext;
let team: Awaited<ReturnType<typeof importTeam>>;
let fields: { tier: string; orders: string; since: string };
const events: DeliveredEvent[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  team = await importTeam(ctx);
  const define = async (body: object) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/contact-fields',
        headers: { cookie: team.owner },
        payload: body,
      })
    ).json().field.id as string;
  fields = {
    tier: await define({ label: 'Tier', type: 'select', options: ['gold', 'silver'] }),
    orders: await define({ label: 'Orders', type: 'number' }),
    since: await define({ label: 'Customer since', type: 'date' }),
  };
  ctx.events.subscribe((batch) => events.push(...batch));
});
afterAll(() => ctx.close());

/** Uploads, starts with the mapping and runs the job to the end (or the batches given). */
async function importCsv(
  csv: string,
  mapping: Omit<StartImportInput, 'columns'> & { columns?: StartImportInput['columns'] },
) {
  const up = await uploadCsv(ctx, team.owner, csv);
  expect(up.statusCode, up.body).toBe(201);
  const id = up.json().import.id as string;
  const columns = mapping.columns ?? up.json().preview.suggested;
  const started = await startUpload(ctx, team.owner, id, { ...mapping, columns });
  expect(started.statusCode, started.body).toBe(200);
  return id;
}
const status = async (id: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/contact-imports/${id}`,
      headers: { cookie: team.owner },
    })
  ).json().import;
const failedCsv = async (id: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/contact-imports/${id}/failed-rows`,
      headers: { cookie: team.owner },
    })
  ).body;
const contactByWaId = async (waId: string) =>
  (
    await ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.accountId, team.accountId), eq(contacts.waId, waId)))
  )[0];
const valuesOf = async (contactId: string) =>
  Object.fromEntries(
    (await ctx.db.select().from(contactFieldValues).where(eq(contactFieldValues.contactId, contactId))).map(
      (v) => [v.fieldId, v.value],
    ),
  );
const tagNamesOf = async (contactId: string) =>
  (
    await ctx.db
      .select({ name: tags.name })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contactTags.contactId, contactId))
  )
    .map((t) => t.name)
    .sort();

describe('the import job', () => {
  it('creates contacts with names, values and tags; fails bad rows with a reason each; dedupes in the file', async () => {
    const csv = [
      'Name,Phone,Tags,Tier,Orders,Customer since',
      'Ada Lovelace,(415) 555-0100,"vip, Newsletter",gold,3,2024-01-31',
      'No Number,,vip,gold,1,2024-01-01',
      'Bad Number,12345,,,,',
      'Ada Again,+1 415 555 0100,,,,',
      'Wrong Tier,+1 415 555 0102,,bronze,,',
      'Wrong Orders,+1 415 555 0103,,,many,',
      'Bad Date,+1 415 555 0104,,,,2024-02-30',
      '=HYPERLINK("x"),+1 415 555 0105,,platinum,,',
      'Grace,0049 151 12345678,lead;VIP,,,',
    ].join('\r\n');
    const id = await importCsv(csv, { existing: 'update_empty', defaultCountry: 'US' });
    expect(await runImport(importDeps(ctx), id)).toBe('completed');
    expect(await status(id)).toMatchObject({
      status: 'completed',
      totalRows: 9,
      rowsDone: 9,
      created: 2,
      updated: 0,
      skipped: 0,
      failed: 7,
    });
    const ada = (await contactByWaId('14155550100'))!;
    expect(ada.customName).toBe('Ada Lovelace');
    expect(await valuesOf(ada.id)).toEqual({
      [fields.tier]: 'gold',
      [fields.orders]: '3',
      [fields.since]: '2024-01-31',
    });
    expect(await tagNamesOf(ada.id)).toEqual(['Newsletter', 'vip']);
    const grace = (await contactByWaId('4915112345678'))!;
    // "VIP" is the same tag as "vip" (names are case-insensitive): no second tag is created.
    expect(await tagNamesOf(grace.id)).toEqual(['lead', 'vip']);
    // What the Contacts filters test was filled in with the contacts, not left behind.
    expect(ada.fieldValues).toEqual({
      [fields.tier!]: 'gold',
      [fields.orders!]: 3,
      [fields.since!]: '2024-01-31',
    });
    expect(await filterColumnDrift(ctx.db, team.accountId)).toEqual({ tags: [], values: [] });

    const lines = (await failedCsv(id))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Line,Name,Phone,Tags,Tier,Orders,Customer since,Reason',
      `3,No Number,,vip,gold,1,2024-01-01,${IMPORT_MSG.missingPhone}`,
      `4,Bad Number,12345,,,,,${IMPORT_MSG.invalidPhone}`,
      `5,Ada Again,'+1 415 555 0100,,,,,${IMPORT_MSG.duplicateInFile(2)}`,
      `6,Wrong Tier,'+1 415 555 0102,,bronze,,,"${IMPORT_MSG.wrongType('Tier', 'must be one of gold, silver')}"`,
      `7,Wrong Orders,'+1 415 555 0103,,,many,,${IMPORT_MSG.wrongType('Orders', 'must be a number')}`,
      `8,Bad Date,'+1 415 555 0104,,,,2024-02-30,${IMPORT_MSG.wrongType('Customer since', 'must be a date as yyyy-mm-dd')}`,
      `9,"'=HYPERLINK(""x"")",'+1 415 555 0105,,platinum,,,"${IMPORT_MSG.wrongType('Tier', 'must be one of gold, silver')}"`,
    ]);

    const progress = events.filter((e) => e.kind === 'contact_import.progress' && e.importId === id);
    expect(progress.at(-1)).toMatchObject({
      import: { status: 'completed', rowsDone: 9, created: 2, failed: 7 },
    });
    expect(events.some((e) => e.kind === 'contacts.changed' && e.accountId === team.accountId)).toBe(true);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'contacts.imported')));
    expect(audit!.details).toMatchObject({ created: 2, updated: 0, skipped: 0, failed: 7, totalRows: 9 });
  });

  it('treats existing contacts by the chosen policy: update empty fields, overwrite, skip', async () => {
    const [kept] = await ctx.db
      .insert(contacts)
      .values({
        accountId: team.accountId,
        waId: '14155550200',
        phone: '14155550200',
        customName: 'Kept Name',
      })
      .returning();
    const [blank] = await ctx.db
      .insert(contacts)
      .values({ accountId: team.accountId, waId: '14155550201', phone: '14155550201' })
      .returning();
    await ctx.db
      .insert(contactFieldValues)
      .values({ contactId: kept!.id, fieldId: fields.tier, value: 'silver' });
    const csv = 'Name,Phone,Tier,Orders\nNew Name,+14155550200,gold,5\nFilled In,+14155550201,gold,\n';
    const [tag] = await ctx.db
      .insert(tags)
      .values({ accountId: team.accountId, name: 'Imported' })
      .returning();

    const update = await importCsv(csv, { existing: 'update_empty', tagId: tag!.id });
    await runImport(importDeps(ctx), update);
    expect(await status(update)).toMatchObject({ created: 0, updated: 2, skipped: 0, failed: 0 });
    expect((await contactByWaId('14155550200'))!.customName).toBe('Kept Name');
    expect((await contactByWaId('14155550201'))!.customName).toBe('Filled In');
    expect(await valuesOf(kept!.id)).toEqual({ [fields.tier]: 'silver', [fields.orders]: '5' });
    expect(await tagNamesOf(kept!.id)).toEqual(['Imported']);
    expect(await tagNamesOf(blank!.id)).toEqual(['Imported']);

    const overwrite = await importCsv(csv.replace('gold,5', 'gold,7'), { existing: 'overwrite' });
    await runImport(importDeps(ctx), overwrite);
    expect(await status(overwrite)).toMatchObject({ created: 0, updated: 2 });
    expect((await contactByWaId('14155550200'))!.customName).toBe('New Name');
    expect(await valuesOf(kept!.id)).toEqual({ [fields.tier]: 'gold', [fields.orders]: '7' });

    const [other] = await ctx.db
      .insert(tags)
      .values({ accountId: team.accountId, name: 'Second wave' })
      .returning();
    const skip = await importCsv(`${csv}Fresh,+14155550202,,\n`, { existing: 'skip', tagId: other!.id });
    await runImport(importDeps(ctx), skip);
    expect(await status(skip)).toMatchObject({ created: 1, updated: 0, skipped: 2, failed: 0 });
    // Skipped contacts keep everything, and do not get the import's tag either.
    expect((await contactByWaId('14155550200'))!.customName).toBe('New Name');
    expect(await tagNamesOf(kept!.id)).toEqual(['Imported']);
    expect(await tagNamesOf((await contactByWaId('14155550202'))!.id)).toEqual(['Second wave']);
    // Existing contacts the import changed had their filter columns refreshed at the batch's end.
    expect(await filterColumnDrift(ctx.db, team.accountId)).toEqual({ tags: [], values: [] });
  });

  it('resumes after a crash mid-import without duplicates or double counts', async () => {
    const rows = Array.from(
      { length: 3500 },
      (_, i) => `P${i},+1 650 253 ${String(i).padStart(4, '0')},batch`,
    );
    // A duplicate in the last batch of a number from the first one: found after the restart too.
    rows.push('Late duplicate,+1 650 253 0007,batch');
    const id = await importCsv(['Name,Phone,Tags', ...rows].join('\n'), { existing: 'skip' });
    expect(await runImport(importDeps(ctx), id, { stopAfterBatches: 2 })).toBe('stopped');
    expect(await status(id)).toMatchObject({ status: 'running', rowsDone: 2000, created: 2000 });
    // The job runner would run it again after the lease: here, twice over, as a second runner would.
    expect(await runImport(importDeps(ctx), id)).toBe('completed');
    expect(await runImport(importDeps(ctx), id)).toBe('not_runnable');
    expect(await status(id)).toMatchObject({
      status: 'completed',
      rowsDone: 3501,
      created: 3500,
      failed: 1,
      skipped: 0,
    });
    const waIds = rows.slice(0, 3500).map((_, i) => `1650253${String(i).padStart(4, '0')}`);
    const stored = await ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.accountId, team.accountId), inArray(contacts.waId, waIds)));
    expect(stored).toHaveLength(3500);
    expect((await failedCsv(id)).trim().split('\r\n').at(-1)).toBe(
      `3502,Late duplicate,'+1 650 253 0007,batch,${IMPORT_MSG.duplicateInFile(9)}`,
    );
  });

  it('commits batches in file order: a batch that fails takes the one written beside it down too', async () => {
    // Four batches; the database refuses one number of the second, as a broken constraint would.
    const rows = Array.from(
      { length: 3500 },
      (_, i) => `Q${i},+1 650 254 ${String(i).padStart(4, '0')},wave`,
    );
    const id = await importCsv(['Name,Phone,Tags', ...rows].join('\n'), { existing: 'skip' });
    await ctx.db.execute(sql`
      create function refuse_one_number() returns trigger language plpgsql as $$
      begin
        if new.wa_id = '16502541500' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await ctx.db.execute(
      sql`create trigger refuse_one_number before insert on contacts for each row execute function refuse_one_number()`,
    );
    const error = (await runImport(importDeps(ctx), id).catch((e: unknown) => e)) as Error;
    expect((error.cause as Error | undefined)?.message ?? error.message).toMatch(/refused for the test/);
    // Only the first batch counts; the third (written while the second failed) left nothing either.
    expect(await status(id)).toMatchObject({ status: 'running', rowsDone: 1000, created: 1000 });
    const waIds = rows.map((_, i) => `1650254${String(i).padStart(4, '0')}`);
    const stored = () =>
      ctx.db
        .select({ waId: contacts.waId })
        .from(contacts)
        .where(and(eq(contacts.accountId, team.accountId), inArray(contacts.waId, waIds)));
    expect((await stored()).map((c) => c.waId).sort()).toEqual(waIds.slice(0, 1000));

    await ctx.db.execute(sql`drop trigger refuse_one_number on contacts`);
    await ctx.db.execute(sql`drop function refuse_one_number()`);
    expect(await runImport(importDeps(ctx), id)).toBe('completed');
    expect(await status(id)).toMatchObject({ status: 'completed', rowsDone: 3500, created: 3500, failed: 0 });
    expect(await stored()).toHaveLength(3500);
    expect(await filterColumnDrift(ctx.db, team.accountId)).toEqual({ tags: [], values: [] });
  });

  it('runs through the job queue once started', async () => {
    const id = await importCsv('Phone\n+16502539901\n', { existing: 'skip' });
    await ctx.runner.drain();
    expect(await status(id)).toMatchObject({ status: 'completed', created: 1 });
  });
});

describe('a consent column', () => {
  it('sets consent from the file as an import, by the existing-contacts policy, and refuses other words', async () => {
    await ctx.db.insert(contacts).values([
      { accountId: team.accountId, waId: '16502538001', phone: '16502538001' },
      { accountId: team.accountId, waId: '16502538002', phone: '16502538002', consent: 'opted_out' },
    ]);
    const csv = [
      'Phone,Marketing consent',
      '+16502538000,yes',
      '+16502538001,Opted in',
      '+16502538002,yes',
      '+16502538003,maybe',
      '+16502538004,',
    ].join('\n');
    const id = await importCsv(csv, { existing: 'update_empty' });
    await runImport(importDeps(ctx), id);
    expect(await status(id)).toMatchObject({ created: 2, updated: 2, failed: 1 });
    expect(await contactByWaId('16502538000')).toMatchObject({
      consent: 'opted_in',
      consentSource: 'import',
    });
    expect(await contactByWaId('16502538001')).toMatchObject({
      consent: 'opted_in',
      consentSource: 'import',
    });
    // update_empty keeps a consent someone already gave or withdrew.
    expect(await contactByWaId('16502538002')).toMatchObject({ consent: 'opted_out', consentSource: null });
    expect(await contactByWaId('16502538004')).toMatchObject({ consent: 'unknown', consentChangedAt: null });
    expect((await failedCsv(id)).trim().split('\r\n').at(-1)).toBe(
      `5,'+16502538003,maybe,${IMPORT_MSG.wrongType('Marketing consent', 'must be opted in or opted out (yes or no)')}`,
    );
    const overwrite = await importCsv('Phone,Consent\n+16502538002,yes\n', { existing: 'overwrite' });
    await runImport(importDeps(ctx), overwrite);
    expect(await contactByWaId('16502538002')).toMatchObject({
      consent: 'opted_in',
      consentSource: 'import',
    });
  });
});

describe('an import whose file is gone', () => {
  it('fails with a message instead of waiting forever', async () => {
    const id = await importCsv('Phone\n+16502539902\n', { existing: 'skip' });
    const { contactImports } = await import('../db/schema');
    const { rm } = await import('node:fs/promises');
    const { mediaPath } = await import('../media/storage');
    const [row] = await ctx.db.select().from(contactImports).where(eq(contactImports.id, id));
    await rm(mediaPath(ctx.env, row!.storageKey!));
    expect(await runImport(importDeps(ctx), id)).toBe('completed');
    expect(await status(id)).toMatchObject({
      status: 'failed',
      error: 'The uploaded file is no longer on the server. Upload it again.',
    });
  });
});
