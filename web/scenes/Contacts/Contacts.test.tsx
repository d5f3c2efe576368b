import { EVERY_CONTACT_FILTER } from '@common/api/contact-filter';
import type { ContactTableRow } from '@common/api/contact-table';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, signedInSession } from '../../test/render';
import { Contacts } from './Contacts';

/**
 * The Contacts page over a stubbed server (fetch): what it asks for as the toolbar changes, the
 * "all N matching" selection and what the bulk bar offers each role.
 */

const ME = '7a1f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f';
const VIP = '0b8f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f';
const CAMPAIGN = '5a3f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f';

function row(i: number): ContactTableRow {
  return {
    id: `c${i}`,
    waId: `1650555${String(i).padStart(4, '0')}`,
    name: i === 0 ? null : `Customer ${i}`,
    phone: `+1650555${String(i).padStart(4, '0')}`,
    tags: [],
    assignee: null,
    archived: false,
    blocked: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastMessageAt: '2026-11-20T10:00:00.000Z',
    lastMessagePreview: null,
    lastMessageDirection: null,
    unreadCount: 0,
    messageCount: 3,
    consent: 'unknown',
    fields: {},
  };
}

type Call = { method: string; path: string; params: URLSearchParams; body: unknown };

const SEGMENTS = [
  {
    id: 's_vip',
    name: 'VIP regulars',
    filter: {
      q: '',
      tagIds: [VIP],
      tagMode: 'all',
      assignee: 'anyone',
      archived: 'exclude',
      consent: 'opted_in',
      conditions: [],
    },
    createdBy: { id: ME, label: 'me' },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    abilities: { update: true, delete: true },
  },
  {
    id: 's_other',
    name: 'Lisbon',
    filter: { ...EVERY_CONTACT_FILTER, q: 'lisbon' },
    createdBy: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    abilities: { update: false, delete: false },
  },
  {
    id: 's_campaign',
    name: 'Spring sale readers',
    filter: { ...EVERY_CONTACT_FILTER, campaign: { campaignId: CAMPAIGN, statuses: ['replied', 'read'] } },
    createdBy: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    abilities: { update: false, delete: false },
  },
];

function stubServer({ role, total = 120 }: { role: 'owner' | 'member'; total?: number }) {
  const calls: Call[] = [];
  const answers: Record<string, (call: Call) => { status?: number; body: unknown }> = {
    'GET /api/contact-table': () => ({
      body: { contacts: Array.from({ length: 5 }, (_, i) => row(i)), nextCursor: null },
    }),
    'GET /api/contact-table/count': () => ({ body: { count: total } }),
    'GET /api/contact-table/columns': () => ({
      body: { columns: ['tags', 'assignee', 'consent', 'lastMessage'] },
    }),
    'GET /api/contact-fields': () => ({ body: { fields: [], abilities: { manage: role === 'owner' } } }),
    'GET /api/segments': () => ({ body: { segments: SEGMENTS } }),
    'GET /api/segments/s_vip/count': () => ({ body: { count: 42 } }),
    'GET /api/segments/s_other/count': () => ({ body: { count: 7 } }),
    'GET /api/segments/s_campaign/count': () => ({ body: { count: 3 } }),
    'GET /api/campaigns': () => ({
      body: { campaigns: [{ id: CAMPAIGN, name: 'Spring sale' }], abilities: { create: true } },
    }),
    'POST /api/segments': () => ({ status: 201, body: { segment: SEGMENTS[0] } }),
    'GET /api/tags': () => ({ body: { tags: [{ id: VIP, name: 'VIP', contactCount: 4 }] } }),
    'GET /api/inbox/counts': () => ({
      body: {
        unassigned: 0,
        mine: 0,
        team: role === 'owner' ? 0 : null,
        abilities: {
          viewTeam: role === 'owner',
          assignToOthers: role === 'owner',
          deleteContacts: role === 'owner',
        },
      },
    }),
    'GET /api/team': () => ({
      body: { team: { id: 't', name: 'T' }, hasAccount: true, you: { role }, members: [], abilities: {} },
    }),
    'POST /api/contact-table/bulk': () => ({
      body: {
        matched: total,
        changed: total,
        failed: [],
        failedCount: 0,
        message: `Deleted ${total} contacts.`,
      },
    }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        params: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer = answers[`${call.method} ${call.path}`];
      if (!answer) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
      const { status = 200, body } = answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function open(role: 'owner' | 'member') {
  const session = signedInSession({ user: { id: ME, email: 'me@example.com' } });
  return renderScreen(<Contacts />, {
    path: '/app/contacts',
    session: { ...session, access: { ...session.access, role } },
  });
}

const tableCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/contact-table');

beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined);
  // happy-dom lays nothing out: give the table's scroll box a laptop's size so rows are drawn.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1280);
});

describe('Contacts page', () => {
  it('shows the rows with "Unknown" for a contact without a name, and the count', async () => {
    stubServer({ role: 'owner' });
    open('owner');
    expect(await screen.findByText('Customer 1')).toBeTruthy();
    expect(screen.getByText('Unknown', { selector: '[data-testid="contact-name"]' })).toBeTruthy();
    expect((await screen.findByTestId('contact-count')).textContent).toBe("120 contacts in your team's CRM");
  });

  it('asks the server again with the tag filter and the sort the user picks', async () => {
    const calls = stubServer({ role: 'owner' });
    const user = userEvent.setup();
    open('owner');
    await screen.findByText('Customer 1');
    expect(tableCalls(calls)[0]!.params.get('sort')).toBe('lastMessage');

    await user.click(screen.getByRole('button', { name: 'Filter by tags' }));
    await user.click(await screen.findByRole('checkbox', { name: /VIP/ }));
    await user.click(screen.getByRole('radio', { name: 'all of' }));
    await waitFor(() => expect(tableCalls(calls).at(-1)!.params.get('tagMode')).toBe('all'));
    expect(tableCalls(calls).at(-1)!.params.get('tagIds')).toBe(VIP);
    const count = calls.filter((c) => c.path === '/api/contact-table/count').at(-1)!;
    expect(count.params.get('tagIds')).toBe(VIP);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(tableCalls(calls).at(-1)!.params.get('sort')).toBe('name'));
    expect(tableCalls(calls).at(-1)!.params.get('dir')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('selects all N matching the filter and deletes them after a confirm that states the count', async () => {
    const calls = stubServer({ role: 'owner', total: 120 });
    const user = userEvent.setup();
    open('owner');
    await screen.findByText('Customer 1');
    await waitFor(() => expect(screen.getByTestId('contact-count').textContent).toContain('120'));

    await user.click(screen.getByRole('checkbox', { name: 'Select all contacts on screen' }));
    expect(screen.getByTestId('bulk-count').textContent).toBe('5 selected');
    await user.click(screen.getByRole('button', { name: 'Select all 120 matching this filter' }));
    expect(screen.getByTestId('bulk-count').textContent).toBe('120 selected');

    await user.click(within(screen.getByTestId('bulk-bar')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete 120 contacts?');
    expect(dialog.textContent).toContain(
      'Their conversations and media are deleted too. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete 120 contacts' }));

    await waitFor(() => expect(calls.some((c) => c.path === '/api/contact-table/bulk')).toBe(true));
    const bulk = calls.find((c) => c.path === '/api/contact-table/bulk')!;
    expect(bulk.body).toEqual({
      target: { filter: expect.objectContaining({ archived: 'exclude', tagIds: [] }) },
      action: { type: 'delete' },
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Deleted 120 contacts.');
    await waitFor(() => expect(screen.queryByTestId('bulk-bar')).toBeNull());
  });

  it('gives members no import, export or delete, and only "Me" to assign', async () => {
    stubServer({ role: 'member' });
    const user = userEvent.setup();
    open('member');
    await screen.findByText('Customer 1');
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 2' }));
    const bar = screen.getByTestId('bulk-bar');
    expect(within(bar).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(bar).queryByRole('button', { name: 'Export' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Assign' }));
    const options = await screen.findAllByTestId('assign-option');
    expect(options.map((o) => o.textContent)).toEqual(['Me (You)']);
  });

  it('gives owners import, export and delete', async () => {
    stubServer({ role: 'owner' });
    const user = userEvent.setup();
    open('owner');
    await screen.findByText('Customer 1');
    expect(screen.getByRole('link', { name: 'Import' }).getAttribute('href')).toBe('/app/contacts/import');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 2' }));
    const bar = screen.getByTestId('bulk-bar');
    expect(within(bar).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Export' })).toBeTruthy();
  });

  it('lists the segments with live counts; picking one applies its filter, and a changed filter can be saved', async () => {
    const calls = stubServer({ role: 'member' });
    const user = userEvent.setup();
    open('member');
    await screen.findByText('Customer 1');
    expect(screen.queryByRole('button', { name: 'Save as segment' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Segment: All contacts' }));
    const list = await screen.findByTestId('segment-list');
    await waitFor(() => expect(list.textContent).toContain('VIP regulars42'));
    expect(list.textContent).toContain('Lisbon7');
    // Only the segment this user may change has the ⋯ menu.
    expect(screen.getByRole('button', { name: 'More actions for VIP regulars' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More actions for Lisbon' })).toBeNull();

    await user.click(within(list).getByRole('button', { name: /^VIP regulars/ }));
    await waitFor(() => expect(tableCalls(calls).at(-1)!.params.get('tagMode')).toBe('all'));
    const applied = tableCalls(calls).at(-1)!.params;
    expect(applied.get('tagIds')).toBe(VIP);
    expect(applied.get('consent')).toBe('opted_in');
    expect(screen.getByRole('button', { name: 'Segment: VIP regulars' })).toBeTruthy();
    // Applied as saved: nothing new to save.
    expect(screen.queryByRole('button', { name: 'Save as segment' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove consent filter' }));
    expect(screen.getByRole('button', { name: 'Segment: All contacts' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save as segment' }));
    await user.type(await screen.findByLabelText('Segment name'), 'VIP, any consent');
    await user.click(screen.getByRole('button', { name: 'Save segment' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/segments')).toBe(true),
    );
    const saved = calls.find((c) => c.method === 'POST' && c.path === '/api/segments')!;
    expect(saved.body).toEqual({
      name: 'VIP, any consent',
      filter: expect.objectContaining({ tagIds: [VIP], tagMode: 'all', consent: 'any' }),
    });
  });

  it("keeps a campaign segment's condition: sent to the server, shown as a chip that removes it", async () => {
    const calls = stubServer({ role: 'member' });
    const user = userEvent.setup();
    open('member');
    await screen.findByText('Customer 1');

    await user.click(screen.getByRole('button', { name: 'Segment: All contacts' }));
    const list = await screen.findByTestId('segment-list');
    await user.click(within(list).getByRole('button', { name: /^Spring sale readers/ }));
    await waitFor(() => expect(tableCalls(calls).at(-1)!.params.get('campaign')).not.toBeNull());
    expect(JSON.parse(tableCalls(calls).at(-1)!.params.get('campaign')!)).toEqual({
      campaignId: CAMPAIGN,
      statuses: ['replied', 'read'],
    });
    const chip = screen.getByTestId('filter-campaign');
    await waitFor(() => expect(chip.textContent).toBe('Campaign: Spring sale · read, replied'));
    expect(screen.getByRole('button', { name: 'Segment: Spring sale readers' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove campaign filter' }));
    // Back to every contact (the first page, already loaded, is read from the cache).
    expect(screen.queryByTestId('filter-campaign')).toBeNull();
    expect(screen.getByRole('button', { name: 'Segment: All contacts' })).toBeTruthy();
  });
});
