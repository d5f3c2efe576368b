/**
 * bench/campaign's data: an owner with a session, a WhatsApp account connected with a token (so the
 * sender talks to META_GRAPH_URL, the fake), an approved template with one body variable, and
 * `recipients` opted-in contacts, each with one incoming message so the chat list has rows.
 */
import { sql } from 'drizzle-orm';
import { createSession, SESSION_COOKIE } from '../server/auth/sessions';
import type { Database } from '../server/db/client';
import { teamMembers, teams, templates, users, whatsappAccounts } from '../server/db/schema';
import { encryptSecret } from '../server/lib/crypto';

export const BENCH_PHONE_NUMBER_ID = '100000000000001';

export async function seedCampaignBench(db: Database, secretKey: string, recipients: number) {
  const [user] = await db
    .insert(users)
    .values({ email: 'owner@campaign-bench.example', passwordHash: 'x' })
    .returning();
  // Raw SQL, naming only the columns it sets: the bench runs on the migrations as they are.
  const { rows } = (await db.execute(sql`
    insert into ${whatsappAccounts} (user_id, phone_number_id, waba_id, display_phone_number, business_name,
      access_token_encrypted)
    values (${user!.id}, ${BENCH_PHONE_NUMBER_ID}, '200000000000001', '+1 555-010-0001', 'Campaign bench',
      ${encryptSecret('bench-access-token', secretKey)})
    returning id`)) as unknown as { rows: { id: string }[] };
  const accountId = rows[0]!.id;
  const [team] = await db.insert(teams).values({ name: 'Bench', whatsappAccountId: accountId }).returning();
  await db
    .insert(teamMembers)
    .values({ teamId: team!.id, userId: user!.id, email: user!.email, role: 'owner', status: 'active' });
  const cookie = `${SESSION_COOKIE}=${await createSession(db, user!.id, 'bench')}`;
  const [template] = await db
    .insert(templates)
    .values({
      accountId,
      name: 'bench_offer',
      language: 'en_US',
      category: 'MARKETING',
      status: 'approved',
      components: [
        { type: 'BODY', text: 'Hello {{1}}, our spring offer is here.', example: { body_text: [['Maya']] } },
      ],
    })
    .returning();

  const n = sql.raw(String(Math.trunc(recipients)));
  // Unassigned, opted in, newest message within the last 30 days; every contact has one incoming message.
  await db.execute(sql`
    insert into contacts (id, account_id, wa_id, phone, profile_name, consent, last_message_at,
      last_message_preview, last_message_direction, last_incoming_at, created_at, updated_at)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, ${accountId}::uuid,
      (15550000000 + g)::text, (15550000000 + g)::text, 'Customer ' || g, 'opted_in', lm, 'Hi ' || g,
      'incoming', lm, lm - interval '30 days', lm
    from (select g, date_trunc('milliseconds', now() - (g::double precision / ${n}) * interval '30 days') as lm
          from generate_series(1, ${n}) g) s`);
  await db.execute(sql`
    insert into messages (account_id, contact_id, direction, type, body, preview, content, external_id,
      status, timestamp, created_at, updated_at)
    select ${accountId}::uuid, id, 'incoming', 'text', last_message_preview, last_message_preview,
      jsonb_build_object('kind', 'text', 'body', last_message_preview), 'wamid.seed.' || wa_id, 'read',
      last_message_at, last_message_at, last_message_at
    from contacts where account_id = ${accountId}::uuid`);
  await db.execute(sql`vacuum analyze`);
  return { accountId, cookie, templateId: template!.id };
}
