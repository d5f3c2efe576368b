import type { CampaignReportResponse } from '@common/api/campaign-sending';
import type { Campaign } from '@common/api/campaigns';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/render';
import { CAMPAIGN_ID, campaign, funnel, renderCampaigns, SEGMENT_ID } from '../testCampaign';

beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined);
});

const path = `/api/campaigns/${CAMPAIGN_ID}`;
const SENDING = campaign(
  {
    status: 'sending',
    audience: { kind: 'segment', segmentId: SEGMENT_ID },
    template: { name: 'spring_offer', language: 'en_US' },
    startedAt: '2026-03-02T09:00:00.000Z',
    funnel: funnel({
      recipients: 50,
      queued: 10,
      sent: 38,
      delivered: 30,
      read: 20,
      replied: 4,
      failed: 2,
      skipped: 3,
    }),
    wait: 'rate_limit',
  },
  { pause: true, cancel: true },
);

function serve(shown: Campaign, report: Partial<CampaignReportResponse> = {}) {
  const actions: string[] = [];
  mockApi({
    [`GET ${path}`]: { body: { campaign: shown } },
    [`GET ${path}/report`]: {
      body: {
        campaign: shown,
        bucketSeconds: 60,
        timeline: [
          { at: '2026-03-02T09:00:00.000Z', sent: 20, read: 5 },
          { at: '2026-03-02T09:01:00.000Z', sent: 18, read: 15 },
        ],
        retryable: 0,
        ...report,
      },
    },
    [`GET ${path}/recipients`]: {
      body: {
        recipients: [
          {
            contactId: 'k1',
            name: 'Maya',
            phone: '+16505550188',
            status: 'failed',
            at: '2026-03-02T09:00:05.000Z',
            errorCode: 131026,
            error: 'The message could not be delivered to this number',
            retryable: false,
            messageId: null,
          },
        ],
        nextCursor: null,
      },
    },
    'GET /api/segments': { body: { segments: [{ id: SEGMENT_ID, name: 'VIP customers' }] } },
    'GET /api/tags': { body: { tags: [] } },
    [`POST ${path}/pause`]: () => {
      actions.push('pause');
      return {
        body: {
          campaign: {
            ...shown,
            status: 'paused',
            abilities: { ...shown.abilities, pause: false, resume: true },
          },
        },
      };
    },
    [`POST ${path}/cancel`]: () => {
      actions.push('cancel');
      return { body: { campaign: { ...shown, status: 'cancelled' } } };
    },
  });
  return actions;
}

describe('CampaignReport', () => {
  it('shows the live funnel, the wait in words, the chart and the recipients', async () => {
    serve(SENDING);
    renderCampaigns(`/app/marketing/campaigns/${CAMPAIGN_ID}`);
    const funnelBox = await screen.findByTestId('campaign-funnel');
    const count = (key: string) =>
      within(within(funnelBox).getByTestId(`funnel-${key}`)).getByTestId('funnel-count').textContent;
    expect([
      count('queued'),
      count('sent'),
      count('delivered'),
      count('read'),
      count('replied'),
      count('failed'),
      count('skipped'),
    ]).toEqual(['10', '38', '30', '20', '4', '2', '3']);
    expect(within(funnelBox).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');
    expect(screen.getByTestId('campaign-wait').textContent).toContain(
      'Waiting: WhatsApp asked us to slow down',
    );
    expect(await screen.findByRole('img', { name: /38 sent and 20 read/ })).toBeTruthy();
    const row = await screen.findByTestId('recipient-row');
    expect(row.textContent).toContain('Maya');
    expect(within(row).getByTestId('recipient-error').textContent).toBe(
      'The message could not be delivered to this number (131026)',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      `${path}/recipients.csv`,
    );
  });

  it('offers the owner Pause and Cancel (after a confirm) while sending, as the abilities say', async () => {
    const actions = serve(SENDING);
    const user = userEvent.setup();
    renderCampaigns(`/app/marketing/campaigns/${CAMPAIGN_ID}`);
    const controls = await screen.findByTestId('campaign-controls');
    expect(
      within(controls)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Pause', 'Cancel campaign']);
    // Retrying waits until sending is over, and there is nothing to retry.
    expect((screen.getByTestId('retry-failed') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('retry-failed').textContent).toBe('Retry failed (0)');

    await user.click(within(controls).getByRole('button', { name: 'Cancel campaign' }));
    const dialog = await screen.findByTestId('cancel-campaign-dialog');
    expect(actions).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel campaign' }));
    await waitFor(() => expect(actions).toEqual(['cancel']));

    await user.click(within(controls).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(actions).toEqual(['cancel', 'pause']));
  });

  it('shows a member the report without any control', async () => {
    serve(campaign({ ...SENDING, wait: 'messaging_limit' }), { retryable: 2 });
    renderCampaigns(`/app/marketing/campaigns/${CAMPAIGN_ID}`, 'member');
    expect(await screen.findByTestId('campaign-funnel')).toBeTruthy();
    expect(screen.getByTestId('campaign-wait').textContent).toContain(
      'Waiting: the number’s daily messaging limit is reached',
    );
    expect(screen.queryByTestId('campaign-controls')).toBeNull();
    expect(screen.queryByTestId('retry-failed')).toBeNull();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save as segment' })).toBeTruthy();
  });

  it('enables Retry failed with its count once the campaign is over', async () => {
    serve(campaign({ ...SENDING, status: 'completed', wait: null }, { delete: true, retry: true }), {
      retryable: 2,
    });
    renderCampaigns(`/app/marketing/campaigns/${CAMPAIGN_ID}`);
    await screen.findByTestId('campaign-funnel');
    await waitFor(() => expect(screen.getByTestId('retry-failed').textContent).toBe('Retry failed (2)'));
    expect((screen.getByTestId('retry-failed') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('campaign-wait')).toBeNull();
  });
});
