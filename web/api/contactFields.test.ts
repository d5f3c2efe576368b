import type { ContactFieldListResponse } from '@common/api/contact-fields';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CONTACT_FIELDS_KEY } from './contactFields';
import { applyServerEvent } from './live';

describe('the contact_field.changed frame', () => {
  it('marks the cached field list stale, so Settings and open panels refetch it', () => {
    const client = new QueryClient();
    const data: ContactFieldListResponse = { fields: [], abilities: { manage: false } };
    client.setQueryData(CONTACT_FIELDS_KEY, data);
    expect(client.getQueryState(CONTACT_FIELDS_KEY)?.isInvalidated).toBe(false);
    applyServerEvent(
      { client, meId: 'u_1' },
      {
        type: 'event',
        event: 'contact_field.changed',
        data: { accountId: 'a_1', fieldId: 'f_1', updatedAt: '2026-11-25T10:00:00.000Z' },
      },
    );
    expect(client.getQueryState(CONTACT_FIELDS_KEY)?.isInvalidated).toBe(true);
  });
});
