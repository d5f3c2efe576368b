import type { InboxMessage } from '@common/api/inbox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inboxMessage } from '../../../test/inboxMessage';
import { renderScreen } from '../../../test/render';
import { type BubbleActions, MessageBubble } from './MessageBubble';

/**
 * Whatever a customer (or a teammate) types is shown as the characters it is: markup in a message,
 * a caption, a file name, a quoted reply, a contact card or a location never becomes elements, and
 * nothing in it runs.
 */

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';
const now = new Date().toISOString();

const message = (overrides: Partial<InboxMessage>) =>
  inboxMessage({ timestamp: now, createdAt: now, updatedAt: now, ...overrides });

const actions: BubbleActions = {
  onReply: vi.fn(),
  onReact: vi.fn(),
  onRetry: vi.fn(),
  onJump: vi.fn(),
  onUseTemplate: vi.fn(),
};

function renderBubble(m: InboxMessage, contactName = `Maya ${IMG}`) {
  // happy-dom has no alert(): one that a handler could call is put in place and watched.
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  const { container } = renderScreen(
    <MessageBubble
      message={m}
      contactName={contactName}
      meId="u-1"
      isFirstInGroup
      progress={null}
      actions={actions}
    />,
  );
  const bubble = container.querySelector<HTMLElement>('[data-testid="message"]') ?? container;
  return { bubble, alert };
}

/** No element the text could have made, and no handler attribute anywhere. */
function expectInert(root: HTMLElement) {
  expect(root.querySelectorAll('script')).toHaveLength(0);
  expect(root.querySelectorAll('img[src="x"]')).toHaveLength(0);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on/i);
    const href = element.getAttribute('href');
    if (href) expect(href).not.toMatch(/^\s*javascript:/i);
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('MessageBubble shows message text as text', () => {
  it('renders an image tag with an onerror handler and a script tag as their characters', () => {
    const body = `Hi ${IMG} and ${SCRIPT} bye`;
    const { bubble, alert } = renderBubble(message({ body, preview: body, content: { kind: 'text', body } }));
    expect(bubble.textContent).toContain(IMG);
    expect(bubble.textContent).toContain(SCRIPT);
    expectInert(bubble);
    expect(alert).not.toHaveBeenCalled();
  });

  it('keeps markup inert in a link-looking text, a caption and a document name', () => {
    const body = `see https://example.com/"><svg/onload=alert(1)> and javascript:alert(1)`;
    const text = renderBubble(message({ body, content: { kind: 'text', body } }));
    expect(text.bubble.textContent).toContain('<svg/onload=alert(1)>');
    expectInert(text.bubble);

    const media = {
      id: 'media-1',
      mimeType: 'application/pdf',
      sha256: null,
      caption: `Invoice ${SCRIPT}`,
      filename: `${IMG}.pdf`,
      url: null,
    };
    const doc = renderBubble(
      message({
        id: 'm-2',
        type: 'document',
        body: `Invoice ${SCRIPT}`,
        content: { kind: 'document', media },
        media: {
          id: 'media-1',
          kind: 'document',
          mimeType: 'application/pdf',
          filename: `${IMG}.pdf`,
          fileSize: 1200,
          status: 'ready',
          url: '/api/media/media-1',
          thumbnailUrl: null,
        },
      }),
    );
    expect(doc.bubble.textContent).toContain(`${IMG}.pdf`);
    expect(doc.bubble.textContent).toContain(SCRIPT);
    expectInert(doc.bubble);
    expect(doc.alert).not.toHaveBeenCalled();
  });

  it('keeps markup inert in a contact card and a location, and never links to javascript:', () => {
    const card = renderBubble(
      message({
        type: 'contacts',
        content: {
          kind: 'contacts',
          cards: [
            {
              formattedName: `Bob ${IMG}`,
              firstName: null,
              lastName: null,
              phones: [{ phone: '+1 650 555 0100', waId: null, type: SCRIPT }],
              emails: [{ email: `x@example.com${IMG}`, type: null }],
              org: { company: SCRIPT, department: null, title: null },
              urls: [{ url: 'javascript:alert(1)', type: null }],
              addresses: [],
              birthday: null,
            },
          ],
        },
      }),
    );
    expect(card.bubble.textContent).toContain(`Bob ${IMG}`);
    expectInert(card.bubble);

    const place = renderBubble(
      message({
        id: 'm-3',
        type: 'location',
        content: {
          kind: 'location',
          latitude: 37.48,
          longitude: -122.15,
          name: `Shop ${SCRIPT}`,
          address: IMG,
          url: 'javascript:alert(1)',
        },
      }),
    );
    expect(place.bubble.textContent).toContain(`Shop ${SCRIPT}`);
    expect(place.bubble.textContent).toContain(IMG);
    expectInert(place.bubble);
    expect(place.alert).not.toHaveBeenCalled();
  });

  it('keeps markup inert in a quoted reply and in a reaction', () => {
    const { bubble, alert } = renderBubble(
      message({
        body: 'Sure',
        content: { kind: 'text', body: 'Sure', context: null },
        replyTo: {
          externalId: 'wamid.0',
          messageId: 'm-0',
          direction: 'outgoing',
          type: 'text',
          preview: `Quoted ${IMG}`,
          deleted: false,
        },
        reactions: [
          {
            emoji: SCRIPT,
            reactor: 'customer:16505550100',
            direction: 'incoming',
            status: 'sent',
            sentBy: null,
            timestamp: now,
          },
        ],
      }),
    );
    expect(bubble.textContent).toContain(`Quoted ${IMG}`);
    expectInert(bubble);
    expect(alert).not.toHaveBeenCalled();
  });
});
