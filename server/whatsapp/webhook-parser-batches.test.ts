import { describe, expect, it } from 'vitest';
import { FIXTURE_ACCOUNTS, webhookFixtureNames, webhookFixtures } from './fixtures';
import type { InboundMessageEvent } from './types';
import { parseWebhook } from './webhook-parser';
import { NOW } from './webhook-parser-fixture';

describe('batches and unknown input', () => {
  it('processes every entry, change, message and status of a batch, in order', () => {
    const { events, ignored } = parseWebhook(webhookFixtures.batch, { now: NOW });
    expect(events.map((e) => e.kind)).toEqual([
      'message.inbound',
      'message.inbound',
      'message.inbound',
      'message.status',
      'message.status',
      'message.status',
      'template.status',
      'message.inbound',
      'message.inbound',
      'message.status',
      'message.status',
    ]);
    expect(
      new Set(
        events.map((e) =>
          e.kind === 'template.status' ? e.templateId : e.kind === 'account.error' ? '' : e.dedupeKey,
        ),
      ).size,
    ).toBe(11);
    expect(events.slice(7).every((e) => e.wabaId === FIXTURE_ACCOUNTS.secondary.wabaId)).toBe(true);
    expect(events.slice(7).every((e) => e.phoneNumberId === FIXTURE_ACCOUNTS.secondary.phoneNumberId)).toBe(
      true,
    );
    expect(events.slice(0, 7).every((e) => e.wabaId === FIXTURE_ACCOUNTS.primary.wabaId)).toBe(true);

    const second = events[1] as InboundMessageEvent;
    expect(second.contact?.profileName).toBe('João Silva');
    expect(events[8]).toMatchObject({ type: 'reaction', content: { emoji: '👍' } });
    expect(events[9]).toMatchObject({ status: 'failed', errors: [{ code: 131026 }] });
    expect(ignored).toEqual([
      {
        path: 'entry[1].changes[2]',
        field: 'account_update',
        wabaId: FIXTURE_ACCOUNTS.secondary.wabaId,
        reason: "field 'account_update' is not handled",
      },
    ]);
  });

  it('ignores a field it does not handle and says so', () => {
    expect(parseWebhook(webhookFixtures['unknown-field'])).toEqual({
      events: [],
      ignored: [
        {
          path: 'entry[0].changes[0]',
          field: 'phone_number_quality_update',
          wabaId: FIXTURE_ACCOUNTS.primary.wabaId,
          reason: "field 'phone_number_quality_update' is not handled",
        },
      ],
    });
  });

  it.each([
    ['null', null],
    ['a string', 'hello'],
    ['an array', []],
    ['another object type', { object: 'page', entry: [] }],
    ['entry that is not an array', { object: 'whatsapp_business_account', entry: 'x' }],
    ['entry without id', { object: 'whatsapp_business_account', entry: [{ changes: [] }] }],
    ['changes that are null', { object: 'whatsapp_business_account', entry: [{ id: '1', changes: null }] }],
    [
      'a change without value',
      { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages' }] }] },
    ],
  ])('never throws on %s', (_label, body) => {
    expect(() => parseWebhook(body)).not.toThrow();
    expect(parseWebhook(body).events).toEqual([]);
  });

  it('skips malformed items but keeps the good ones next to them', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: '2', display_phone_number: '3' },
                contacts: 'nope',
                messages: [
                  42,
                  { type: 'text', text: { body: 'no id' } },
                  {
                    id: 'wamid.ok',
                    from: '9',
                    timestamp: 'soon',
                    type: 'text',
                    text: { body: { nested: true } },
                  },
                  { id: 'wamid.poll', from: '9', timestamp: '1750000000', type: 'poll', poll: {} },
                ],
                statuses: [
                  { id: 'wamid.s', status: 'deleted', timestamp: '1' },
                  { status: 'sent' },
                  { id: 'wamid.t', status: 'read' },
                ],
              },
            },
          ],
        },
      ],
    };
    const { events, ignored } = parseWebhook(body, { now: NOW });
    expect(events).toMatchObject([
      {
        kind: 'message.inbound',
        externalId: 'wamid.ok',
        text: '',
        preview: '💬 Message',
        timestamp: NOW,
        contact: null,
      },
      {
        kind: 'message.inbound',
        externalId: 'wamid.poll',
        type: 'unknown',
        wireType: 'poll',
        preview: 'Unsupported message (poll)',
      },
      { kind: 'message.status', externalId: 'wamid.t', status: 'read', timestamp: NOW, recipientId: null },
    ]);
    expect(ignored.map((i) => i.reason)).toEqual([
      'message is not an object',
      'message has no id',
      "unknown status 'deleted'",
      'status has no id',
    ]);
    expect(ignored[0]?.path).toBe('entry[0].changes[0].value.messages[0]');
  });

  it('ignores messages without a business number but still reports value-level errors', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            { field: 'messages', value: { messages: [{ id: 'x', type: 'text' }], errors: [{ code: 1 }] } },
          ],
        },
      ],
    };
    const { events, ignored } = parseWebhook(body);
    expect(events).toMatchObject([
      { kind: 'account.error', phoneNumberId: null, errors: [{ code: 1, title: '', message: '' }] },
    ]);
    expect(ignored).toMatchObject([{ reason: 'no metadata.phone_number_id' }]);
  });

  it('never throws when any node of any fixture is replaced by junk', () => {
    const junk: unknown[] = [null, 0, -1, '', 'x', [], {}, true, [null], { id: null }, Number.NaN];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const mutate = (node: unknown): unknown => {
      if (random() < 0.08) return junk[Math.floor(random() * junk.length)];
      if (Array.isArray(node)) return node.map(mutate);
      if (node && typeof node === 'object') {
        return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, mutate(v)]));
      }
      return node;
    };
    for (let round = 0; round < 20; round++) {
      for (const name of webhookFixtureNames) {
        const body = mutate(webhookFixtures[name]);
        expect(() => parseWebhook(body), name).not.toThrow();
      }
    }
  });
});
