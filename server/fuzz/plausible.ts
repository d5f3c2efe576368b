import type { SandboxTeam } from '../test/outbound';
import type { Pools } from './inputs';
import type { Random } from './random';

/**
 * Bodies and queries each route would accept (or nearly), for the fuzz suite's mutations to start
 * from. `FuzzWorld` is what they draw from: the two seeded teams, their ids, a running counter.
 */
export type FuzzWorld = {
  teamA: SandboxTeam;
  teamB: SandboxTeam;
  idsA: Record<string, string[]>;
  idsB: Record<string, string[]>;
  customerWaIdA: string;
  /** The webhook's verify token and app secret and a Graph token of team A, for the routes that read them. */
  verifyToken: string;
  webhookSecret: string;
  graphTokenA: string;
  /** The next number of the run's counter (unique e-mails, client references). */
  next: () => number;
  clientRef: () => string;
};

/** A registered route, as the access table lists it. */
export type Route = { method: string; url: string; access: string };
export type Caller = 'ownerA' | 'signedOut' | 'forged';
/** One request of the run. */
export type FuzzRequest = {
  /** The route template it aims at (for the coverage line). */
  route: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string | Buffer;
  /** What was tried, for the failure report. */
  label: string;
  caller: Caller;
};
export const WEBHOOK = '/webhooks/whatsapp';

/** The real strings hostile inputs mix in: both teams' ids, addresses and numbers. */
export function pools(w: FuzzWorld): Pools {
  return {
    strings: () => [
      ...Object.values(w.idsA).flat(),
      ...Object.values(w.idsB).flat(),
      w.teamA.owner.email,
      w.teamB.owner.email,
      w.teamB.member.email,
      w.customerWaIdA,
      w.teamA.phoneNumberId,
      w.teamB.phoneNumberId,
    ],
  };
}

/** One of a team's ids for a parameter (a well-formed id of nothing once the fuzz deleted them all). */
export function idOf(r: Random, ids: Record<string, string[]>, name: string): string {
  const list = ids[name];
  return list && list.length > 0 ? r.pick(list) : '00000000-0000-4000-8000-000000000000';
}

/** A body each route would accept (or nearly), for mutations to start from. */
export function plausibleBody(w: FuzzWorld, r: Random, method: string, url: string): unknown {
  const key = `${method} ${url}`;
  const email = () => `fuzz.${w.next()}@example.com`;
  const profile = () => ({
    name: 'Ann Lee',
    companyName: 'Lucky Shrub',
    phoneNumber: '6505550199',
    dialCode: '+1',
    businessWebsite: 'https://shop.example.com',
  });
  switch (key) {
    case 'POST /api/auth/sign-up':
      return { email: email(), password: 'secret123', confirmPassword: 'secret123' };
    case 'POST /api/auth/sign-in':
      return { email: w.teamA.owner.email, password: r.pick(['secret123', 'not-the-password']) };
    case 'POST /api/auth/forgot-password':
      return { email: email() };
    case 'POST /api/auth/reset-password':
      return { token: 'x'.repeat(40), password: 'secret123', confirmPassword: 'secret123' };
    case 'POST /api/onboarding':
    case 'PUT /api/profile':
      return profile();
    case 'POST /api/team/invitations':
      return { email: r.chance(0.5) ? w.teamB.member.email : email(), role: 'member' };
    case 'POST /api/invitations/preview':
    case 'POST /api/invitations/accept':
      return { token: r.pick(['x'.repeat(43), 'invitation-secret-that-matches-nothing']) };
    case 'POST /api/early-access':
      return { name: 'Ann', email: email(), company: 'Lucky Shrub', whatsappNumber: '+16505550199' };
    case 'POST /api/contacts/:contactId/assignment':
      return { assigneeId: r.pick([w.teamA.owner.id, w.teamA.member.id, w.teamB.owner.id, null]) };
    case 'POST /api/contacts/assignment':
      return {
        contactIds: [idOf(r, w.idsA, 'contactId'), idOf(r, w.idsB, 'contactId')],
        assigneeId: r.pick([w.teamA.owner.id, null]),
      };
    case 'PATCH /api/contacts/:contactId':
      return { name: 'Renamed', notes: 'Prefers mornings' };
    case 'POST /api/contacts/:contactId/state':
      return { archived: r.chance(0.5), blocked: false };
    case 'POST /api/tags':
    case 'PATCH /api/tags/:tagId':
      return { name: `tag ${w.next()}` };
    case 'POST /api/tags/:tagId/contacts':
      return { contactIds: [idOf(r, w.idsA, 'contactId')] };
    case 'POST /api/contact-fields':
      return r.chance(0.5)
        ? { label: `Field ${w.next()}`, type: r.pick(['text', 'number', 'date', 'url', 'email']) }
        : { label: `Choice ${w.next()}`, type: 'select', options: ['A', 'B'] };
    case 'PATCH /api/contact-fields/:fieldId':
      return { label: `Renamed ${w.next()}`, position: r.int(10) };
    case 'POST /api/contact-imports/:importId/start':
      return {
        columns: r.pick([[{ kind: 'phone' }], [{ kind: 'name' }, { kind: 'phone' }], [{ kind: 'ignore' }]]),
        existing: r.pick(['update_empty', 'overwrite', 'skip']),
        defaultCountry: r.pick(['US', 'GB', undefined]),
        tagId: r.chance(0.5) ? idOf(r, w.idsA, 'tagId') : null,
      };
    case 'POST /api/contact-table/bulk':
    case 'POST /api/contact-table/export': {
      const ids = { ids: [idOf(r, w.idsA, 'contactId'), idOf(r, w.idsB, 'contactId')] };
      const filter = {
        filter: {
          q: r.pick(['', 'fuzz', '+1 650']),
          tagIds: r.chance(0.5) ? [idOf(r, w.idsA, 'tagId')] : [],
          assignee: r.pick(['anyone', 'unassigned', 'me', w.teamA.owner.id]),
          archived: r.pick(['exclude', 'include', 'only']),
        },
      };
      // Deletes name ids only, so one call cannot empty the fuzz world.
      const action = r.pick([
        { type: 'tag', tagId: idOf(r, w.idsA, 'tagId') },
        { type: 'untag', tagId: idOf(r, w.idsA, 'tagId') },
        { type: 'assign', assigneeId: r.pick([w.teamA.owner.id, w.teamA.member.id, null]) },
        { type: 'delete' },
      ]);
      if (url.endsWith('/export')) return { target: r.chance(0.5) ? ids : filter };
      return { target: action.type === 'delete' || r.chance(0.5) ? ids : filter, action };
    }
    case 'POST /api/contacts':
      return {
        name: 'Fuzz Added',
        phone: r.pick([
          `+1 650 555 ${String(1000 + r.int(9000))}`,
          '(650) 555-0199',
          '12345',
          '+44 7400 123456',
        ]),
        tagIds: r.chance(0.3) ? [idOf(r, w.idsA, 'tagId')] : [],
        fields: r.chance(0.3) ? { fuzz_field: 'x' } : {},
      };
    case 'PUT /api/contacts/:contactId/fields':
      return { [r.pick(['fuzz_field', 'no_such_field'])]: r.pick(['x', 42, null, '2024-01-31', 'a@b.co']) };
    case 'PUT /api/contacts/:contactId/consent':
      return { state: r.pick(['opted_in', 'opted_out', 'unknown', 'maybe']) };
    case 'PUT /api/consent-keywords':
      return r.chance(0.5)
        ? { optOut: ['STOP', `Halt ${w.next()}`], optIn: ['START'] }
        : { optOut: ['stop'], optIn: ['STOP', ''] };
    case 'POST /api/campaigns':
    case 'PATCH /api/campaigns/:campaignId':
      return {
        name: `Campaign ${w.next()}`,
        templateId: r.pick([null, idOf(r, w.idsA, 'templateId')]),
        audience: r.pick([
          null,
          { kind: 'opted_in' },
          { kind: 'tags', tagIds: [idOf(r, w.idsA, 'tagId')], match: r.pick(['any', 'all']) },
          { kind: 'segment', segmentId: idOf(r, w.idsA, 'segmentId') },
        ]),
        variables: {
          body: [
            r.pick([
              { kind: 'name', fallback: 'there' },
              { kind: 'field', fieldId: idOf(r, w.idsA, 'fieldId'), fallback: '' },
              { kind: 'text', text: 'Spring' },
            ]),
          ],
        },
        sendRate: r.pick([80, 1000, 0, 5000]),
        timeZone: r.pick(['UTC', 'Europe/Lisbon', 'Nowhere/City']),
      };
    case 'PUT /api/team/time-zone':
      return { timeZone: r.pick(['UTC', 'Europe/Berlin', 'America/New_York', 'Nowhere/City', '']) };
    case 'PUT /api/ai/bot':
      return {
        enabled: r.chance(0.5),
        when: r.pick(['always', 'outside_hours', 'never']),
        timeZone: r.pick(['UTC', 'Europe/Berlin', 'Nowhere/City']),
        hours: r.chance(0.5)
          ? {
              mon: { open: '09:00', close: '17:00' },
              tue: null,
              wed: null,
              thu: null,
              fri: null,
              sat: null,
              sun: null,
            }
          : { mon: { open: '18:00', close: '09:00' } },
        maxTurns: r.pick([1, 5, 0, 51]),
        maxLength: r.pick([50, 4096, 4097]),
      };
    case 'POST /api/ai/bot/test':
      return { messages: [{ from: r.pick(['customer', 'bot', 'robot']), text: 'When are you open?' }] };
    case 'PUT /api/contacts/:contactId/bot':
      return { paused: r.pick([true, false, 'yes']) };
    case 'POST /api/campaigns/audience-count':
      return {
        audience: r.pick([
          { kind: 'opted_in' },
          { kind: 'tags', tagIds: [idOf(r, w.idsA, 'tagId')] },
          { kind: 'segment', segmentId: idOf(r, w.idsA, 'segmentId') },
        ]),
      };
    case 'POST /api/campaigns/:campaignId/segment':
      return {
        name: `Recipients ${w.next()}`,
        statuses: r.pick([['read'], ['replied', 'failed'], ['read', 'read'], [], ['sent']]),
      };
    case 'POST /api/segments':
    case 'PATCH /api/segments/:segmentId':
      return {
        name: `Segment ${w.next()}`,
        filter: {
          campaign: r.chance(0.3)
            ? {
                campaignId: idOf(r, w.idsA, 'campaignId'),
                statuses: r.pick([['read'], ['failed', 'queued']]),
              }
            : undefined,
          tagIds: [idOf(r, w.idsA, 'tagId')],
          tagMode: r.pick(['any', 'all', 'none']),
          consent: r.pick(['any', 'opted_in', 'opted_out', 'unknown']),
          after: r.pick([undefined, '2020-01-01']),
          conditions: r.chance(0.5)
            ? [{ fieldId: idOf(r, w.idsA, 'fieldId'), op: r.pick(['equals', 'empty', 'gt']), value: '3' }]
            : [],
        },
      };
    case 'PUT /api/contact-table/columns':
      return { columns: r.pick([['tags', 'consent'], ['field:fuzz_field', 'assignee'], []]) };
    case 'POST /api/contacts/:contactId/messages':
      return {
        clientRef: w.clientRef(),
        text: 'Hello there',
        replyToMessageId: r.chance(0.3) ? idOf(r, w.idsA, 'messageId') : undefined,
      };
    case 'POST /api/messages/:messageId/reactions':
      return { emoji: r.pick(['👍', '', '❤️']) };
    case 'POST /api/templates':
      return {
        name: `fuzz_${w.next()}`,
        category: 'UTILITY',
        language: 'en_US',
        header: { format: 'TEXT', text: 'Order' },
        body: 'Hello {{1}}, your order is ready.',
        bodyExamples: ['Ann'],
        footer: 'Thanks',
        buttons: [{ type: 'QUICK_REPLY', text: 'OK' }],
      };
    case 'POST /api/contacts/:contactId/template-messages':
      return {
        templateId: idOf(r, w.idsA, 'templateId'),
        clientRef: w.clientRef(),
        parameters: { body: ['Ann'], header: [] },
      };
    case 'POST /api/saved-messages':
    case 'PUT /api/saved-messages/:savedMessageId':
      return {
        name: 'Greeting',
        content: 'Hi! How can we help?',
        attachmentId: r.chance(0.3) ? idOf(r, w.idsA, 'mediaId') : null,
      };
    case 'POST /api/whatsapp/connect/embedded':
      return { code: 'not-a-real-code', wabaId: '104857600123456', phoneNumberId: w.teamA.phoneNumberId };
    case 'POST /api/whatsapp/connect/manual':
      return {
        wabaId: '104857600123456',
        phoneNumberId: w.teamA.phoneNumberId,
        accessToken: 'EAAG'.repeat(10),
      };
    case 'POST /sandbox/api/signup':
      return { businessName: 'Fuzz Business' };
    case 'POST /sandbox/api/phone-numbers/:phoneNumberId/customers':
      return { waId: `1650555${String(1000 + r.int(9000))}`, name: 'Fuzz Customer' };
    case 'POST /sandbox/api/phone-numbers/:phoneNumberId/customers/:waId/messages':
      return r.chance(0.7)
        ? { type: 'text', text: 'Hi from the fuzz' }
        : { type: 'reaction', messageId: 'wamid.FUZZ-A-0-in', emoji: '👍' };
    case 'PUT /sandbox/api/settings':
      return {
        duplicateDeliveries: r.chance(0.5),
        batchUpdates: r.chance(0.5),
        outOfOrderStatuses: r.chance(0.5),
      };
    case 'POST /sandbox/api/clock/advance':
      return { seconds: r.pick([60, -60, 86_400, 315_360_000, -315_360_000]) };
    case 'POST /sandbox/graph/v22.0/:node/:edge':
      return {
        messaging_product: 'whatsapp',
        to: w.customerWaIdA,
        type: 'text',
        text: { body: 'Hello' },
      };
    default:
      return {};
  }
}

/** A query string each GET route understands, for mutations to start from. */
export function plausibleQuery(w: FuzzWorld, r: Random, url: string): Record<string, string> {
  switch (url) {
    case '/api/interactive/header-media':
      return { kind: r.pick(['image', 'video', 'document']) };
    case '/api/contacts':
      return {
        tab: r.pick(['unassigned', 'mine', 'team']),
        q: r.pick(['', 'fuzz', '+1 650', '0199']),
        tagIds: idOf(r, w.idsA, 'tagId'),
        limit: String(r.pick([1, 50, 200])),
      };
    case '/api/contact-table':
    case '/api/contact-table/count':
      return {
        sort: r.pick(['name', 'lastMessage', 'firstContact']),
        dir: r.pick(['asc', 'desc']),
        q: r.pick(['', 'fuzz', '+1 650']),
        tagIds: idOf(r, w.idsA, 'tagId'),
        tagMode: r.pick(['any', 'all', 'none']),
        assignee: r.pick(['anyone', 'unassigned', 'me']),
        archived: r.pick(['exclude', 'include', 'only']),
        after: r.pick(['2020-01-01', '2026-01-01T00:00:00Z']),
        consent: r.pick(['any', 'opted_in', 'opted_out', 'unknown']),
        conditions: JSON.stringify(
          r.chance(0.5)
            ? [
                {
                  fieldId: idOf(r, w.idsA, 'fieldId'),
                  op: r.pick(['equals', 'contains', 'empty', 'not_empty', 'gt', 'before']),
                  value: r.pick(['x', '3', '2024-01-31', 'abc']),
                },
              ]
            : [],
        ),
        limit: String(r.pick([1, 50, 200])),
        ...(r.chance(0.3)
          ? {
              campaign: JSON.stringify({
                campaignId: idOf(r, w.idsA, 'campaignId'),
                statuses: r.pick([['read'], ['sent', 'skipped'], ['nope']]),
              }),
            }
          : {}),
      };
    case '/api/campaigns/:campaignId/recipients':
    case '/api/campaigns/:campaignId/recipients.csv':
      return {
        status: r.pick(['queued', 'failed', 'read', 'replied', 'lost']),
        q: r.pick(['', 'fuzz', '+1 650']),
        limit: String(r.pick([1, 50, 200, 500])),
        ...(r.chance(0.2) ? { cursor: r.pick(['WyIyMDI2LTAxLTAxIiwieCJd', 'nope']) } : {}),
      };
    case '/api/inbox/counts':
      return { q: 'fuzz', tagIds: `${idOf(r, w.idsA, 'tagId')},${idOf(r, w.idsB, 'tagId')}` };
    case '/api/contacts/:contactId/messages':
      return { limit: '2', before: `${new Date().toISOString()}_${idOf(r, w.idsA, 'messageId')}` };
    case '/api/contacts/:contactId/media':
      return { tab: r.pick(['media', 'docs']), limit: '10' };
    case '/api/templates':
      return { status: r.pick(['approved', 'pending', 'rejected']), refresh: r.pick(['0', '1']) };
    case '/api/media/:mediaId':
      return { download: '1' };
    case '/webhooks/whatsapp':
      return {
        'hub.mode': 'subscribe',
        'hub.verify_token': w.verifyToken,
        'hub.challenge': '1158201444',
      };
    case '/sandbox/graph/v22.0/debug_token':
      return { input_token: w.graphTokenA, access_token: w.graphTokenA };
    case '/sandbox/graph/v22.0/:node':
    case '/sandbox/graph/v22.0/:node/:edge':
      return { fields: r.pick(['id', 'name,status', 'display_phone_number,verified_name']), limit: '5' };
    default:
      return {};
  }
}
