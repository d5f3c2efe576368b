import { SENDING_MSG } from '@common/api/campaign-sending';
import type { Campaign } from '@common/api/campaigns';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelMessage, WhatsAppChannel } from '../channel/channel';
import { campaigns, contacts } from '../db/schema';
import { graphApiError } from '../test/graph-errors';
import { messagesAtMeta, settle } from '../test/outbound';
import { phoneApi } from '../test/sandbox';
import { until } from '../test/until';
import { Pacer } from './pacer';
import { senderFixture } from './sender-fixture';

/**
 * The campaign sender when Meta refuses, against the sandbox over real HTTP: what Meta refused for now
 * is retried (5xx, 429, 130429 with a slower pace) and a final refusal is recorded in words (131047,
 * 131049 with Retry failed, 131050 opting the contact out, 131026). The sends themselves, pause,
 * cancel, pacing, consent and the tier are in sender.test.ts.
 */

const f = senderFixture();

describe('the campaign sender when Meta refuses', { timeout: 120_000 }, () => {
  it('retries what Meta refused for now and records a final refusal in words', async () => {
    const { tagId, people } = await f.audienceOf([{ name: 'Ada' }, { name: 'Bo' }]);
    const id = await f.draft(tagId);
    await phoneApi(f.ctx.origin, 'PUT', '/settings', { failNextSends: { code: 429, count: 2 } });
    expect(
      (await f.api(f.team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null })).status,
    ).toBe(200);
    await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
    for (const p of people) expect(await messagesAtMeta(f.ctx, f.team, p.waId)).toHaveLength(1);
    expect((await f.recipientsOf(id)).every((r) => r.status === 'sent' || r.status === 'delivered')).toBe(
      true,
    );

    const second = await f.audienceOf([{ name: 'Cy' }]);
    const id2 = await f.draft(second.tagId);
    await phoneApi(f.ctx.origin, 'PUT', '/settings', { failNextSends: { code: 131047, count: 1 } });
    expect(
      (await f.api(f.team.owner, 'POST', `/api/campaigns/${id2}/schedule`, { sendAt: null })).status,
    ).toBe(200);
    await until(async () => (await f.statusOf(id2)) === 'completed', 'the campaign to complete', 45_000);
    const [failed] = await f.recipientsOf(id2);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 131047, retryable: false });
    expect(failed!.error).toMatch(/^Failed to send template: /);
    const retry = await f.api(f.team.owner, 'POST', `/api/campaigns/${id2}/retry-failed`);
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(SENDING_MSG.nothingToRetry);
  });

  it('records a 131049 from a status webhook in words, and Retry failed sends it again later', async () => {
    const { tagId, people } = await f.audienceOf([{ name: 'Capped' }]);
    const id = await f.draft(tagId);
    await phoneApi(f.ctx.origin, 'PUT', '/settings', { marketingLimitShare: 100 });
    try {
      expect(
        (await f.api(f.team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null })).status,
      ).toBe(200);
      await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
      await until(async () => {
        await settle(f.ctx);
        const [row] = await f.recipientsOf(id);
        return row?.status === 'failed' ? row : undefined;
      }, 'the failed status to arrive');
    } finally {
      await phoneApi(f.ctx.origin, 'PUT', '/settings', { marketingLimitShare: 0 });
    }
    const [failed] = await f.recipientsOf(id);
    expect(failed).toMatchObject({ errorCode: 131049, retryable: true });
    const listed = await f.api<{ recipients: { error: string | null }[] }>(
      f.team.member,
      'GET',
      `/api/campaigns/${id}/recipients?status=failed`,
    );
    expect(listed.body.recipients[0]!.error).toMatch(/^Failed to send template: /);
    // The finished campaign offers Retry failed to the owner only.
    const shown = async (who: typeof f.team.owner) =>
      (await f.api<{ campaign: Campaign }>(who, 'GET', `/api/campaigns/${id}`)).body.campaign.abilities.retry;
    expect(await shown(f.team.owner)).toBe(true);
    expect(await shown(f.team.member)).toBe(false);
    const retry = await f.api<{ retried: number }>(f.team.owner, 'POST', `/api/campaigns/${id}/retry-failed`);
    expect(retry.status, retry.body.message).toBe(200);
    expect(retry.body.retried).toBe(1);
    await until(async () => (await f.statusOf(id)) === 'completed', 'the retry to complete', 45_000);
    expect(await messagesAtMeta(f.ctx, f.team, people[0]!.waId)).toHaveLength(2);
    const [after] = await f.recipientsOf(id);
    expect(['sent', 'delivered']).toContain(after!.status);
  });

  it('slows down when Meta answers 130429 past the share, and retries those recipients instead of failing them', async () => {
    // The sandbox's number takes 4 messages a second; the campaign is set to 40.
    const slowDown = Pacer.prototype.slowDown;
    let slowest = Number.POSITIVE_INFINITY;
    let refused = 0;
    const spy = vi.spyOn(Pacer.prototype, 'slowDown').mockImplementation(function (this: Pacer) {
      refused++;
      slowDown.call(this);
      slowest = Math.min(slowest, this.pace);
    });
    const { tagId, people } = await f.audienceOf(Array.from({ length: 16 }, (_, i) => ({ name: `L${i}` })));
    const id = await f.draft(tagId, { sendRate: 40 });
    await phoneApi(f.ctx.origin, 'PUT', '/settings', { messagesPerSecond: 4 });
    try {
      await f.start(id);
      await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 90_000);
    } finally {
      spy.mockRestore();
      await phoneApi(f.ctx.origin, 'PUT', '/settings', { messagesPerSecond: null });
    }
    expect(refused).toBeGreaterThan(2);
    expect(slowest).toBeLessThanOrEqual(20); // halved at least once
    for (const p of people) expect(await messagesAtMeta(f.ctx, f.team, p.waId)).toHaveLength(1);
    const rows = await f.recipientsOf(id);
    expect(rows.filter((r) => r.status === 'failed')).toEqual([]);
    expect(rows.every((r) => r.status === 'sent' || r.status === 'delivered')).toBe(true);
    expect(rows.some((r) => r.attempts > 1)).toBe(true);
  });

  it('retries a 5xx with backoff, then sends it once', async () => {
    const { tagId, people } = await f.audienceOf([{ name: 'Fives' }]);
    const id = await f.draft(tagId);
    await phoneApi(f.ctx.origin, 'PUT', '/settings', { failNextSends: { code: 500, count: 2 } });
    await f.start(id);
    await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
    const [row] = await f.recipientsOf(id);
    expect(['sent', 'delivered']).toContain(row!.status);
    expect(row!.attempts).toBe(3);
    const atMeta = await messagesAtMeta(f.ctx, f.team, people[0]!.waId);
    expect(atMeta).toHaveLength(1);
    // Two refusals, then 1 s and 2 s of backoff (at least) before the send that went through.
    const [campaign] = await f.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(atMeta[0]!.createdAt.getTime() - campaign!.startedAt!.getTime()).toBeGreaterThanOrEqual(2900);
  });

  it('records 131050 (opting the contact out) and 131026 from the send as final failures in words', async () => {
    const { tagId, people } = await f.audienceOf([
      { name: 'Stopped' },
      { name: 'Unreachable' },
      { name: 'Fine' },
    ]);
    const [stopped, unreachable, fine] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    const refusals = new Map([
      [stopped.waId, 131050],
      [unreachable.waId, 131026],
    ]);
    // Meta answers these two sends with the code (the sandbox has no switch for a refusal in the answer).
    const channels = f.ctx.app.channels;
    const forAccount = channels.forAccount.bind(channels);
    const spy = vi.spyOn(channels, 'forAccount').mockImplementation(async (db, accountId) => {
      const channel = await forAccount(db, accountId);
      if (!channel) return channel;
      return new Proxy(channel, {
        get(target, key) {
          const value = Reflect.get(target, key, target);
          if (key !== 'send') return typeof value === 'function' ? value.bind(target) : value;
          return async (message: ChannelMessage) => {
            const code = refusals.get((message as { to?: string }).to ?? '');
            if (code === undefined) return target.send(message);
            throw graphApiError(code, { message: `(#${code}) refused` });
          };
        },
      }) as WhatsAppChannel;
    });
    const id = await f.draft(tagId);
    try {
      await f.start(id);
      await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
    } finally {
      spy.mockRestore();
    }
    const rows = await f.recipientsOf(id);
    expect(rows.find((r) => r.contactId === stopped.contactId)).toMatchObject({
      status: 'failed',
      errorCode: 131050,
      error: 'Failed to send template: This customer has stopped receiving marketing messages from you.',
      retryable: false,
      attempts: 1,
    });
    expect(rows.find((r) => r.contactId === unreachable.contactId)).toMatchObject({
      status: 'failed',
      errorCode: 131026,
      error:
        "Failed to send template: This customer can't receive WhatsApp messages. The number may not be on WhatsApp, or their app may need an update.",
      retryable: false,
      attempts: 1,
    });
    expect(['sent', 'delivered']).toContain(rows.find((r) => r.contactId === fine.contactId)!.status);
    expect(await messagesAtMeta(f.ctx, f.team, fine.waId)).toHaveLength(1);
    // 131050 opts the contact out (Meta said so); 131026 leaves consent as it was.
    const consentOf = async (contactId: string) =>
      (await f.ctx.db.select().from(contacts).where(eq(contacts.id, contactId)))[0]!;
    expect(await consentOf(stopped.contactId)).toMatchObject({ consent: 'opted_out', consentSource: 'meta' });
    expect((await consentOf(unreachable.contactId)).consent).toBe('unknown');
    // Neither is offered to "Retry failed".
    const retry = await f.api(f.team.owner, 'POST', `/api/campaigns/${id}/retry-failed`);
    expect(retry.status).toBe(409);
  });
});
