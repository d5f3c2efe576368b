import { SENDING_MSG } from '@common/api/campaign-sending';
import type { Campaign } from '@common/api/campaigns';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../db/schema';
import { senderFixture } from './sender-fixture';

/**
 * Scheduling a campaign at a date and time on the team's wall clock: the server reads it in the
 * team's time zone (Settings → Team), records that zone on the campaign, and a later change of the
 * team's zone leaves a scheduled campaign's instant as it was.
 */
const f = senderFixture();

/** A date `days` from now, as 'YYYY-MM-DD' on the wall clock of `timeZone`. */
function dateAhead(days: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

/** The wall clock of `timeZone` at an instant: '2026-12-06 09:30'. */
function wallClock(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

const schedule = (id: string, body: object) =>
  f.api<{ campaign: Campaign }>(f.team.owner, 'POST', `/api/campaigns/${id}/schedule`, body);

describe('scheduling a campaign in the team’s time zone', { timeout: 60_000 }, () => {
  it('reads the chosen date and time in the team’s zone, not UTC nor the draft’s old zone', async () => {
    const zone = await f.api(f.team.owner, 'PUT', '/api/team/time-zone', { timeZone: 'Asia/Kolkata' });
    expect(zone.status, zone.body.message).toBe(200);
    const { tagId } = await f.audienceOf([{ name: 'Priya' }]);
    // A draft made before, in an owner's browser zone: the schedule is still the team's.
    const id = await f.draft(tagId, { timeZone: 'Europe/Lisbon' });
    const date = dateAhead(10, 'Asia/Kolkata');

    const res = await schedule(id, { localSendAt: `${date}T09:30` });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.campaign).toMatchObject({ status: 'scheduled', timeZone: 'Asia/Kolkata' });
    const scheduledAt = res.body.campaign.scheduledAt!;
    // India is UTC+05:30 all year: 09:30 there is 04:00 UTC that day.
    expect(scheduledAt).toBe(`${date}T04:00:00.000Z`);
    expect(wallClock(scheduledAt, 'Asia/Kolkata')).toBe(`${date} 09:30`);
  });

  it('makes a new draft in the team’s zone', async () => {
    const { tagId } = await f.audienceOf([{ name: 'Arjun' }]);
    const made = await f.api<{ campaign: Campaign }>(
      f.team.owner,
      'GET',
      `/api/campaigns/${await f.draft(tagId)}`,
    );
    expect(made.body.campaign.timeZone).toBe('Asia/Kolkata');
  });

  it('keeps a scheduled campaign’s instant when the team’s zone changes later', async () => {
    await f.api(f.team.owner, 'PUT', '/api/team/time-zone', { timeZone: 'America/New_York' });
    const { tagId } = await f.audienceOf([{ name: 'Nora' }]);
    const id = await f.draft(tagId);
    const date = dateAhead(20, 'America/New_York');
    const res = await schedule(id, { localSendAt: `${date}T18:45` });
    expect(res.status, res.body.message).toBe(200);
    const scheduledAt = res.body.campaign.scheduledAt!;
    expect(wallClock(scheduledAt, 'America/New_York')).toBe(`${date} 18:45`);
    expect(wallClock(scheduledAt, 'UTC')).not.toBe(`${date} 18:45`);

    await f.api(f.team.owner, 'PUT', '/api/team/time-zone', { timeZone: 'Asia/Tokyo' });
    const [row] = await f.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row!.scheduledAt!.toISOString()).toBe(scheduledAt);
    expect(row!.timeZone).toBe('America/New_York');
  });

  it('still takes an instant with its offset (older clients)', async () => {
    const { tagId } = await f.audienceOf([{ name: 'Omar' }]);
    const id = await f.draft(tagId);
    const sendAt = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const res = await schedule(id, { sendAt });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.campaign.scheduledAt).toBe(sendAt);
  });

  it.each([
    [{ localSendAt: '2026-02-30T09:00' }, SENDING_MSG.localSendAt],
    [{ localSendAt: '2026-12-01 09:00' }, SENDING_MSG.localSendAt],
    [{ localSendAt: '2020-01-01T09:00' }, SENDING_MSG.sendAtPast],
    [{ localSendAt: `${dateAhead(120, 'UTC')}T09:00` }, SENDING_MSG.sendAtTooFar],
    [{ sendAt: null, localSendAt: `${dateAhead(3, 'UTC')}T09:00` }, SENDING_MSG.sendAtOrLocal],
    [{}, SENDING_MSG.sendAtOrLocal],
  ])('answers 400 with words to %j, and the draft stays a draft', async (body, words) => {
    const { tagId } = await f.audienceOf([{ name: 'Lena' }]);
    const id = await f.draft(tagId);
    const res = await schedule(id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(words);
    expect(await f.statusOf(id)).toBe('draft');
  });
});
