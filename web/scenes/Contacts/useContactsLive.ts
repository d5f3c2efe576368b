import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { crmKeys } from '../../api/crmKeys';
import { applyServerEvent, connectLive } from '../../api/live';

/**
 * Keeps the Contacts page live: the feed's events go through the same appliers as the inbox's (the
 * table, segment counts, and the open drawer's contact), and a reconnect refetches what is shown.
 */
export function useContactsLive(meId: string | null): void {
  const client = useQueryClient();
  const meRef = useRef(meId);
  meRef.current = meId;
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    const live = connectLive({
      onEvent: (frame) => applyServerEvent({ client, meId: meRef.current }, frame),
      onResync: () => {
        void client.invalidateQueries({ queryKey: crmKeys.table });
        void client.invalidateQueries({ queryKey: crmKeys.segments });
        void client.invalidateQueries({ queryKey: ['messages'] });
      },
    });
    return () => live.close();
  }, [client]);
}
