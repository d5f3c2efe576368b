import type { ServerEventMap } from '@common/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { crmKeys } from './crmKeys';
import { inboxKeys } from './inboxKeys';

type Ctx = { client: QueryClient };

/** Live appliers of the Contacts page's events (contacts in bulk, segments, imports). */
export const crmAppliers = {
  'contacts.changed': ({ client }: Ctx, _data: ServerEventMap['contacts.changed']) => {
    void client.invalidateQueries({ queryKey: inboxKeys.all });
    void client.invalidateQueries({ queryKey: crmKeys.table });
    void client.invalidateQueries({ queryKey: crmKeys.segments });
  },
  'segment.changed': ({ client }: Ctx, _data: ServerEventMap['segment.changed']) => {
    void client.invalidateQueries({ queryKey: crmKeys.segments });
  },
  'contact_import.progress': ({ client }: Ctx, data: ServerEventMap['contact_import.progress']) => {
    client.setQueryData(crmKeys.import(data.importId), { import: data.import });
    if (data.import.status === 'completed' || data.import.status === 'failed') {
      void client.invalidateQueries({ queryKey: crmKeys.table });
      void client.invalidateQueries({ queryKey: inboxKeys.all });
    }
  },
};
