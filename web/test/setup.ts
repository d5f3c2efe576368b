import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearToasts } from '../ui/Toast';

afterEach(() => {
  cleanup();
  // Test files share modules (isolate: false): a toast raised without a Toaster must not show in the next.
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// happy-dom builds `document` from its own Document class, not the window's `Document`, so
// `document instanceof window.Document` is false. React Aria asks exactly that to tell whether focus is
// inside a popover or dialog (isFocusWithin), and would then pull focus off the field or menu item
// that already has it. Any node of type DOCUMENT_NODE counts as a Document here.
const BaseDocument = window.Document;
// Test files share a worker's window (vitest.config.ts: isolate false), so this runs once per window.
if (!Object.hasOwn(BaseDocument, Symbol.hasInstance)) {
  Object.defineProperty(BaseDocument, Symbol.hasInstance, {
    value: (value: unknown) =>
      Function.prototype[Symbol.hasInstance].call(BaseDocument, value) ||
      (value instanceof Object && (value as Node).nodeType === 9),
  });
}
