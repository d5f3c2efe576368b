import { useState } from 'react';

/**
 * Sends a dialog's message: the dialog closes as soon as the send is queued (the bubble shows
 * pending, sent or failed with its retry, like a text) and its form is cleared for next time.
 */
export function useSendAndClose(onClose: () => void, send: () => Promise<unknown>, reset: () => void) {
  const [sending, setSending] = useState(false);
  return {
    sending,
    send: async () => {
      setSending(true);
      const pending = send();
      onClose();
      reset();
      setSending(false);
      try {
        await pending;
      } catch {
        // The bubble shows the failure and a retry; the toast says it too.
      }
    },
  };
}
