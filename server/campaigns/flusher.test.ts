import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../db/schema';
import { messagesAtMeta, settle } from '../test/outbound';
import { until } from '../test/until';
import { senderFixture } from './sender-fixture';

/**
 * The send outcomes' background store (flusher.ts) when the database refuses a batch: it is tried
 * again, and what Meta took is recorded once — no recipient lost, none sent twice.
 */

const f = senderFixture();

// The first two stores of send outcomes fail, as a database that drops a connection or times out
// would: a row-level trigger on the statement that gives a pending message its wamid raises, and a
// sequence (never rolled back) counts the refusals across the retries.
const REFUSALS = 2;
async function refuseFirstStores() {
  await f.ctx.db.execute(sql.raw('create sequence test_outcome_refusals'));
  await f.ctx.db.execute(
    sql.raw(`create function test_refuse_outcomes() returns trigger language plpgsql as $$
    begin
      if nextval('test_outcome_refusals') <= ${REFUSALS} then
        raise exception 'outcomes refused for the test';
      end if;
      return new;
    end $$`),
  );
  await f.ctx.db.execute(
    sql.raw(`create trigger test_refuse_outcomes before update on messages for each row
      when (old.external_id is null and new.external_id is not null and new.status = 'sent')
      execute function test_refuse_outcomes()`),
  );
}

afterEach(async () => {
  await f.ctx.db.execute(sql.raw('drop trigger if exists test_refuse_outcomes on messages'));
  await f.ctx.db.execute(sql.raw('drop function if exists test_refuse_outcomes()'));
  await f.ctx.db.execute(sql.raw('drop sequence if exists test_outcome_refusals'));
});

describe('storing send outcomes when the database refuses', { timeout: 120_000 }, () => {
  it('tries a refused batch again and records each send once; nobody is lost or sent twice', async () => {
    const { tagId, people } = await f.audienceOf(
      Array.from({ length: 6 }, (_, i) => ({ name: `Retry${i}`, tier: 'Gold' })),
    );
    const id = await f.draft(tagId);
    await refuseFirstStores();
    const started = await f.api(f.team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null });
    expect(started.status).toBe(200);
    await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 60_000);
    await settle(f.ctx);

    // The store really was refused (each refusal took a number), and then went through.
    const { rows } = (await f.ctx.db.execute(
      sql`select last_value::int as refused from test_outcome_refusals`,
    )) as unknown as { rows: { refused: number }[] };
    expect(rows[0]!.refused).toBeGreaterThan(REFUSALS);
    const retried = f.logs.filter((l) => l.msg === 'storing campaign send outcomes failed; trying again');
    expect(retried.map((l) => l.attempt)).toEqual([1, 2]);
    for (const p of people) {
      expect(await f.templateTexts(p.waId)).toEqual([`Hi ${p.name}, your tier is Gold this spring.`]);
      const stored = await f.ctx.db.select().from(messages).where(eq(messages.contactId, p.contactId));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.externalId).toMatch(/^wamid\./);
      expect(['sent', 'delivered', 'read']).toContain(stored[0]!.status);
      expect(await messagesAtMeta(f.ctx, f.team, p.waId)).toHaveLength(1);
    }
    const recipients = await f.recipientsOf(id);
    expect(recipients.map((r) => r.status).sort()).toEqual(Array(6).fill('delivered'));
  });
});
