import type { ServerEventMap } from '@common/realtime';
import type { QueryClient } from '@tanstack/react-query';
import { crmKeys } from './crmKeys';
import { inboxAppliers } from './inbox';
import { inboxKeys } from './inboxKeys';

type Ctx = { client: QueryClient };
type ContactCtx = { client: QueryClient; meId: string | null };

/** A burst of contact events (a teammate tagging ten rows) refetches the table once. */
const TABLE_REFETCH_MS = 250;
const pending = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();

/** Refetches the Contacts table and the segment counts shortly (only what is on screen refetches). */
export function refetchContactTableSoon(client: QueryClient): void {
  if (pending.has(client)) return;
  pending.set(
    client,
    setTimeout(() => {
      pending.delete(client);
      void client.invalidateQueries({ queryKey: crmKeys.table });
      void client.invalidateQueries({ queryKey: crmKeys.segments });
    }, TABLE_REFETCH_MS),
  );
}

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
  // One contact changed: the inbox's own applier first (its lists and headers), then the table.
  'contact.updated': (ctx: ContactCtx, data: ServerEventMap['contact.updated']) => {
    inboxAppliers['contact.updated'](ctx, data);
    refetchContactTableSoon(ctx.client);
  },
  'contact.assigned': (ctx: ContactCtx, data: ServerEventMap['contact.assigned']) => {
    inboxAppliers['contact.assigned'](ctx, data);
    refetchContactTableSoon(ctx.client);
  },
  'contact.tagged': (ctx: ContactCtx, data: ServerEventMap['contact.tagged']) => {
    inboxAppliers['contact.tagged'](ctx, data);
    refetchContactTableSoon(ctx.client);
  },
  'contact.deleted': (ctx: ContactCtx, data: ServerEventMap['contact.deleted']) => {
    inboxAppliers['contact.deleted'](ctx, data);
    refetchContactTableSoon(ctx.client);
  },
};
