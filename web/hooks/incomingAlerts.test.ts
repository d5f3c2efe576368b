import type { InboxMessage } from '@common/api/inbox';
import { describe, expect, it, vi } from 'vitest';
import { createIncomingAlerts } from './incomingAlerts';

function fakeDocument(visibility: 'visible' | 'hidden') {
  return { title: 'Switchboard', visibilityState: visibility } as unknown as Document;
}

const message = { contactId: 'c-1', preview: 'Is my bike ready?' } as InboxMessage;

function fakeNotifications(permission: NotificationPermission) {
  const shown: { title: string; options: NotificationOptions; instance: { onclick: null | (() => void) } }[] =
    [];
  class FakeNotification {
    static permission = permission;
    onclick: null | (() => void) = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options, instance: this });
    }
    close() {}
  }
  return { ctor: FakeNotification as unknown as typeof Notification, shown };
}

describe('createIncomingAlerts', () => {
  it('does nothing while the tab is visible', () => {
    const doc = fakeDocument('visible');
    const { ctor, shown } = fakeNotifications('granted');
    createIncomingAlerts({ titleFor: () => 'Sam', onOpen: vi.fn(), doc, notifications: ctor }).onIncoming(
      message,
    );
    expect(doc.title).toBe('Switchboard');
    expect(shown).toHaveLength(0);
  });

  it('leaves the title alone: it counts unread chats (useUnreadTitle)', () => {
    const doc = fakeDocument('hidden');
    const alerts = createIncomingAlerts({
      titleFor: () => null,
      onOpen: vi.fn(),
      doc,
      notifications: undefined,
    });
    alerts.onIncoming(message);
    alerts.onIncoming(message);
    expect(doc.title).toBe('Switchboard');
  });

  it('notifies with the contact and opens the chat on click, only with permission', () => {
    const doc = fakeDocument('hidden');
    const onOpen = vi.fn();
    const focus = vi.fn();
    const granted = fakeNotifications('granted');
    createIncomingAlerts({
      titleFor: () => 'Sam Rivera',
      onOpen,
      doc,
      notifications: granted.ctor,
      focus,
    }).onIncoming(message);
    expect(granted.shown[0]).toMatchObject({ title: 'Sam Rivera', options: { body: 'Is my bike ready?' } });
    granted.shown[0]!.instance.onclick?.();
    expect(onOpen).toHaveBeenCalledWith('c-1');
    expect(focus).toHaveBeenCalled();

    const asked = fakeNotifications('default');
    createIncomingAlerts({ titleFor: () => 'Sam', onOpen, doc, notifications: asked.ctor }).onIncoming(
      message,
    );
    expect(asked.shown).toHaveLength(0);
  });
});
