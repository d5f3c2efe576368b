import { TEAM_MSG, type TeamResponse } from '@common/api/team';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, teams } from '../../db/schema';
import { apiCaller } from '../../test/api-caller';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildInboxTeam } from '../../test/inbox-factories';

/** Settings → Team: the team's time zone, which campaigns and the AI bot's business hours use. */
let ctx: TestContext;
let team: Awaited<ReturnType<typeof buildInboxTeam>>;
let other: Awaited<ReturnType<typeof buildInboxTeam>>;
const api = apiCaller(() => ctx);
const setZone = (who: { cookie: string }, body: object) =>
  api<TeamResponse>(who, 'PUT', '/api/team/time-zone', body);

beforeAll(async () => {
  ctx = await createTestContext();
  team = await buildInboxTeam(ctx, { phoneNumberId: '555000111000111', wabaId: '555000222000222' });
  other = await buildInboxTeam(ctx, { phoneNumberId: '555000333000333', wabaId: '555000444000444' });
});
afterAll(() => ctx.close());

const zoneOf = async (teamId: string) =>
  (await ctx.db.select({ timeZone: teams.timeZone }).from(teams).where(eq(teams.id, teamId)))[0]?.timeZone;

const entries = () =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.teamId, team.team.id), eq(auditLog.action, 'team.time_zone_changed')))
    .orderBy(desc(auditLog.createdAt));

describe('the team time zone', () => {
  it('is UTC for a new team, and every teammate reads it; only the owner may change it', async () => {
    const asMember = await api<TeamResponse>(team.member, 'GET', '/api/team');
    expect(asMember.body.team.timeZone).toBe('UTC');
    expect(asMember.body.abilities.changeSettings).toBe(false);
    expect((await api<TeamResponse>(team.owner, 'GET', '/api/team')).body.abilities.changeSettings).toBe(
      true,
    );
  });

  it('lets the owner set it, answers the team, records it in the activity log, and touches no other team', async () => {
    const res = await setZone(team.owner, { timeZone: 'America/New_York' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.team).toMatchObject({ id: team.team.id, timeZone: 'America/New_York' });
    expect(await zoneOf(team.team.id)).toBe('America/New_York');
    expect(await zoneOf(other.team.id)).toBe('UTC');
    expect((await api<TeamResponse>(team.member, 'GET', '/api/team')).body.team.timeZone).toBe(
      'America/New_York',
    );

    const [entry] = await entries();
    expect(entry).toMatchObject({
      actorId: team.owner.id,
      subjectType: 'team',
      subjectId: team.team.id,
      details: { from: 'UTC', to: 'America/New_York' },
    });
    const log = await api<{ entries: { action: string }[] }>(team.owner, 'GET', '/api/team/audit-log');
    expect(log.body.entries[0]).toMatchObject({ action: 'team.time_zone_changed' });

    // The same zone again changes nothing and records nothing.
    expect((await setZone(team.owner, { timeZone: 'America/New_York' })).status).toBe(200);
    expect(await entries()).toHaveLength(1);
  });

  it('refuses a member 403 with words, and keeps the zone', async () => {
    const res = await setZone(team.member, { timeZone: 'Asia/Tokyo' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'forbidden', message: TEAM_MSG.onlyOwnersChangeSettings });
    expect(await zoneOf(team.team.id)).toBe('America/New_York');
    expect((await api(team.member, 'PUT', '/api/team/time-zone', {})).status).toBeGreaterThanOrEqual(400);
  });

  it.each([
    [{ timeZone: 'Mars/Olympus' }],
    [{ timeZone: '' }],
    [{ timeZone: 'Europe/Berlin; DROP TABLE teams' }],
    [{ timeZone: 42 }],
    [{}],
  ])('answers 400 with words to %j, and keeps the zone', async (body) => {
    const res = await setZone(team.owner, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', message: TEAM_MSG.timeZoneInvalid });
    expect(await zoneOf(team.team.id)).toBe('America/New_York');
  });

  it('is refused when signed out', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/team/time-zone',
      payload: { timeZone: 'Asia/Tokyo' },
    });
    expect(res.statusCode).toBe(401);
  });
});
