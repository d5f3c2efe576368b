import { afterEach, describe, expect, it } from 'vitest';
import { shortcutFor, shortcutGroups } from './keys';

function key(init: KeyboardEventInit, target: EventTarget = document.body) {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shortcutFor', () => {
  it('reads Ctrl+K and ⌘K as the palette, from anywhere, text fields included', () => {
    const input = document.createElement('textarea');
    expect(shortcutFor(key({ key: 'k', ctrlKey: true }))).toBe('palette');
    expect(shortcutFor(key({ key: 'k', metaKey: true }, input))).toBe('palette');
    expect(shortcutFor(key({ key: 'K', ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: 'k' }))).toBeNull();
  });

  it('reads Alt+↑ and Alt+↓ as the previous and next chat', () => {
    expect(shortcutFor(key({ key: 'ArrowUp', altKey: true }))).toBe('previous');
    expect(shortcutFor(key({ key: 'ArrowDown', altKey: true }))).toBe('next');
    expect(shortcutFor(key({ key: 'ArrowDown' }))).toBeNull();
    expect(shortcutFor(key({ key: 'ArrowDown', altKey: true, ctrlKey: true }))).toBeNull();
  });

  it('takes ? only outside text fields, so it can still be typed', () => {
    expect(shortcutFor(key({ key: '?', shiftKey: true }))).toBe('sheet');
    expect(shortcutFor(key({ key: '?', shiftKey: true }, document.createElement('textarea')))).toBeNull();
    expect(shortcutFor(key({ key: '?', shiftKey: true }, document.createElement('input')))).toBeNull();
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(shortcutFor(key({ key: '?', shiftKey: true }, checkbox))).toBe('sheet');
    expect(shortcutFor(key({ key: '?', shiftKey: true }, document.createElement('button')))).toBe('sheet');
  });

  it('leaves the keys to an open dialog or popover, and to anyone who took the key first', () => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    expect(shortcutFor(key({ key: 'k', ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: 'ArrowDown', altKey: true }))).toBeNull();
    dialog.remove();
    const taken = key({ key: 'ArrowDown', altKey: true });
    taken.preventDefault();
    expect(shortcutFor(taken)).toBeNull();
  });
});

describe('shortcutGroups', () => {
  it('names the palette key for the platform and lists every shortcut', () => {
    const labels = (apple: boolean) => shortcutGroups(apple).flatMap((g) => g.entries);
    expect(labels(true)[0]!.keys).toEqual([['⌘', 'K']]);
    expect(labels(false)[0]!.keys).toEqual([['Ctrl', 'K']]);
    const keys = labels(false).map((e) => e.keys.map((k) => k.join('+')).join(' '));
    expect(keys).toEqual(
      expect.arrayContaining(['Ctrl+K', 'Alt+↑', 'Alt+↓', 'Esc', '?', '/', 'Enter', 'Ctrl+J']),
    );
  });
});
