import type { Campaign } from '@common/api/campaigns';
import type { TeamResponse } from '@common/api/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/render';
import { estimateDuration, messagingLimitNote } from '../format';
import {
  approvedTemplate,
  CAMPAIGN_ID,
  campaign,
  FIELD_ID,
  renderCampaigns,
  SEGMENT_ID,
  TEMPLATE_ID,
} from '../testCampaign';

beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined);
});

const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

/** GET /api/team for an owner whose team is on `timeZone`. */
function teamIn(timeZone: string): TeamResponse {
  return {
    team: { id: 't1', name: 'Harbor Bikes', timeZone },
    hasAccount: true,
    you: { role: 'owner' },
    members: [],
    abilities: { invite: true, viewActivity: true, changeSettings: true },
  };
}
const path = `/api/campaigns/${CAMPAIGN_ID}`;

/** A draft on the server that PATCH changes, and the lists the steps read. */
function draftServer(start: Campaign) {
  let current = start;
  const patches: Record<string, unknown>[] = [];
  const scheduled: unknown[] = [];
  const fetchMock = mockApi({
    [`GET ${path}`]: () => ({ body: { campaign: current } }),
    [`PATCH ${path}`]: (init) => {
      const patch = body(init);
      patches.push(patch);
      current = {
        ...current,
        ...patch,
        updatedAt: new Date(Date.parse(current.updatedAt) + 1000).toISOString(),
      };
      return { body: { campaign: current } };
    },
    'GET /api/templates': { body: { templates: [approvedTemplate()] } },
    // The team's zone differs from the draft's (Europe/Lisbon): the schedule is the team's.
    'GET /api/team': { body: teamIn('America/New_York') },
    'GET /api/segments': { body: { segments: [{ id: SEGMENT_ID, name: 'VIP customers' }] } },
    'GET /api/tags': { body: { tags: [{ id: 't1', name: 'Wedding', contactCount: 3 }] } },
    'GET /api/contact-fields': {
      body: {
        fields: [{ id: FIELD_ID, key: 'tier', label: 'Tier', type: 'text', options: [], position: 0 }],
        abilities: { manage: true },
      },
    },
    'GET /api/campaigns/messaging-limit': { body: { tier: 'TIER_1K', perDay: 1000, usedLast24h: 400 } },
    'POST /api/campaigns/audience-count': (init) => ({
      body:
        body(init).audience.kind === 'segment'
          ? { recipients: 9600, optedOut: 7 }
          : { recipients: 40, optedOut: 0 },
    }),
    [`GET ${path}/preview`]: {
      body: {
        recipients: [
          {
            contactId: 'k1',
            name: 'Maya',
            phone: '+16505550188',
            text: 'Hi Maya, your Gold discount is waiting.',
          },
          {
            contactId: 'k2',
            name: '',
            phone: '+16505550199',
            text: 'Hi there, your special discount is waiting.',
          },
        ],
      },
    },
    [`POST ${path}/schedule`]: (init) => {
      scheduled.push(body(init));
      return {
        status: 400,
        body: {
          error: 'validation_failed',
          message: 'Choose a value for the variable {{2}}',
          field: 'variables',
        },
      };
    },
  });
  return { patches, scheduled, fetchMock, get: () => current };
}

describe('the campaign create flow', () => {
  it('creates the draft from its name (the server gives it the team’s time zone) and opens the template step', async () => {
    let created: Record<string, unknown> | null = null;
    mockApi({
      'POST /api/campaigns': (init) => {
        created = body(init);
        return { status: 201, body: { campaign: campaign({ name: 'Spring sale' }, { update: true }) } };
      },
      [`GET ${path}`]: { body: { campaign: campaign({}, { update: true }) } },
      'GET /api/campaigns': { body: { campaigns: [], abilities: { create: true } } },
      'GET /api/templates': { body: { templates: [approvedTemplate()] } },
    });
    const user = userEvent.setup();
    renderCampaigns('/app/marketing/campaigns/new');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Campaign name is required')).toBeTruthy();
    await user.type(screen.getByLabelText('Campaign name'), 'Spring sale');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(created).not.toBeNull());
    expect(created).toEqual({ name: 'Spring sale' });
    await waitFor(() =>
      expect(screen.getByTestId('current-path').textContent).toBe(
        `/app/marketing/campaigns/${CAMPAIGN_ID}?step=template`,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Choose a template' }, { timeout: 3000 })).toBeTruthy();
    expect(await screen.findByRole('radio', { name: /spring_offer/ })).toBeTruthy();
  });

  it('counts the audience live, maps variables with fallbacks, previews three recipients and estimates the duration', async () => {
    const server = draftServer(
      campaign({ templateId: TEMPLATE_ID }, { update: true, delete: true, schedule: true }),
    );
    const user = userEvent.setup();
    renderCampaigns(`/app/marketing/campaigns/${CAMPAIGN_ID}?step=audience`);

    // Audience: a segment, counted live.
    await screen.findByRole('option', { name: 'VIP customers' }, { timeout: 3000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Segment' }), SEGMENT_ID);
    await waitFor(() =>
      expect(screen.getByTestId('audience-count').textContent).toBe(
        '9,600 recipients · 7 opted out and left out',
      ),
    );
    await user.click(screen.getByRole('radio', { name: /Everyone opted in/ }));
    await waitFor(() => expect(screen.getByTestId('audience-count').textContent).toBe('40 recipients'));
    await user.click(screen.getByRole('radio', { name: /A saved segment/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(server.patches[0]).toEqual({ audience: { kind: 'segment', segmentId: SEGMENT_ID } }),
    );

    // Variables: {{1}} starts as the name; {{2}} reads the Tier field with a fallback.
    expect(
      await screen.findByRole('heading', { name: 'Fill in the variables' }, { timeout: 3000 }),
    ).toBeTruthy();
    const first = screen.getByRole('combobox', { name: '{{1}} comes from' }) as HTMLSelectElement;
    expect(first.value).toBe('name');
    await user.type(screen.getByLabelText('Fallback for {{1}}'), 'there');
    await user.selectOptions(screen.getByRole('combobox', { name: '{{2}} comes from' }), `field:${FIELD_ID}`);
    await user.type(screen.getByLabelText('Fallback for {{2}}'), 'special');
    // The preview on the side names the sources.
    expect(screen.getAllByTestId('template-preview')[0]!.textContent).toContain(
      'Hi [Name], your [Tier] discount',
    );
    await waitFor(
      () =>
        expect(server.patches.at(-1)).toEqual({
          variables: {
            body: [
              { kind: 'name', fallback: 'there' },
              { kind: 'field', fieldId: FIELD_ID, fallback: 'special' },
            ],
            header: [],
            buttons: [],
          },
        }),
      { timeout: 3000 },
    );
    // Three real recipients (two here) as the server renders them.
    await waitFor(() => expect(screen.getAllByTestId('recipient-preview')).toHaveLength(2));
    expect(screen.getAllByTestId('recipient-preview')[1]!.textContent).toContain(
      'Hi there, your special discount',
    );

    const saves = server.patches.length;
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Schedule: now, at the default rate.
    expect(
      await screen.findByRole('heading', { name: 'Choose when to send' }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(await screen.findByText('Times are in your team’s time zone, America/New York.')).toBeTruthy();
    const note = screen.getByTestId('team-time-zone-note');
    expect(note.textContent).toBe('Change the team’s time zone in Settings → Team.');
    expect(within(note).getByRole('link', { name: 'Settings → Team' }).getAttribute('href')).toBe(
      '/app/settings/team',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Review: the recipients and the duration at 80 messages a second (9,600 / 80 = 120 s).
    expect(await screen.findByRole('heading', { name: 'Review and send' }, { timeout: 3000 })).toBeTruthy();
    expect(server.patches.length).toBe(saves);
    await waitFor(() =>
      expect(screen.getByTestId('review-recipients').textContent).toBe(
        '9,600 recipients · 7 opted out and left out',
      ),
    );
    expect(screen.getByTestId('review-duration').textContent).toBe(
      'Sending takes about 2 minutes at 80 messages a second.',
    );
    expect((await screen.findByTestId('review-messaging-limit')).textContent).toBe(
      "WhatsApp's messaging limit lets your number reach 1,000 customers in 24 hours, and 400 were reached in the last 24 hours: about 600 get it now, the rest as the limit frees up.",
    );
    const review = screen.getByTestId('campaign-review');
    expect(within(review).getByText('Segment “VIP customers”')).toBeTruthy();

    // The server's refusal shows in words, and the step it concerns is marked.
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(server.scheduled).toEqual([{ sendAt: null }]));
    expect((await screen.findByTestId('campaign-step-error')).textContent).toBe(
      'Choose a value for the variable {{2}}',
    );
    const stepper = screen.getByTestId('campaign-stepper');
    expect(within(stepper).getByRole('button', { name: /Variables \(needs attention\)/ })).toBeTruthy();
  });

  it('schedules at a date and time on the team’s clock, which the server reads in the team’s zone', async () => {
    const server = draftServer(
      campaign(
        { templateId: TEMPLATE_ID, audience: { kind: 'opted_in' } },
        { update: true, delete: true, schedule: true },
      ),
    );
    const user = userEvent.setup();
    renderCampaigns(`/app/marketing/campaigns/${CAMPAIGN_ID}?step=schedule`);
    expect(
      await screen.findByRole('heading', { name: 'Choose when to send' }, { timeout: 3000 }),
    ).toBeTruthy();
    await screen.findByTestId('team-time-zone-note');
    await user.click(screen.getByRole('radio', { name: /Schedule for later/ }));
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await user.type(screen.getByLabelText('Date'), day);
    await user.type(screen.getByLabelText('Time'), '09:30');
    expect(screen.getByText('America/New York', { selector: 'p' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Review and send' }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByTestId('campaign-review').textContent).toContain('9:30 AM (America/New York)');
    await user.click(screen.getByRole('button', { name: 'Schedule campaign' }));
    await waitFor(() => expect(server.scheduled).toEqual([{ localSendAt: `${day}T09:30` }]));
  });

  it('words the duration as people say it', () => {
    expect(estimateDuration(40, 80)).toBe('under a minute');
    expect(estimateDuration(9600, 80)).toBe('about 2 minutes');
    expect(estimateDuration(4800, 80)).toBe('about 1 minute');
    expect(estimateDuration(100_000, 80)).toBe('about 21 minutes');
    expect(estimateDuration(1_000_000, 80)).toBe('about 3 hours 28 minutes');
    expect(estimateDuration(100_000, 1000)).toBe('about 2 minutes');
    expect(estimateDuration(288_000, 80)).toBe('about 1 hour');
    expect(messagingLimitNote(600, { perDay: 1000, usedLast24h: 400 })).toBeNull();
    expect(messagingLimitNote(5000, { perDay: null, usedLast24h: 0 })).toBeNull();
    expect(messagingLimitNote(601, { perDay: 1000, usedLast24h: 400 })).toMatch(/about 600 get it now/);
    expect(messagingLimitNote(10, { perDay: 250, usedLast24h: 250 })).toBe(
      "Your number has reached WhatsApp's messaging limit (250 customers in 24 hours): the campaign waits until it frees up, then sends.",
    );
  });
});
