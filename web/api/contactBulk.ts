import type { BulkAction, BulkTarget, ContactBulkResponse } from '@common/api/contact-bulk';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from './client';
import { crmKeys } from './crmKeys';
import { inboxKeys } from './inboxKeys';

/**
 * Bulk actions and export on the Contacts page (`POST /api/contact-table/bulk`, `/export`): on the
 * ticked rows (`ids`) or on every contact matching the filter (`filter`).
 */

export async function runBulkAction(
  client: QueryClient,
  target: BulkTarget,
  action: BulkAction,
): Promise<ContactBulkResponse> {
  const result = await apiRequest<ContactBulkResponse>('/api/contact-table/bulk', {
    method: 'POST',
    body: { target, action },
  });
  void client.invalidateQueries({ queryKey: crmKeys.table });
  void client.invalidateQueries({ queryKey: crmKeys.segments });
  void client.invalidateQueries({ queryKey: inboxKeys.all });
  if (action.type === 'tag' || action.type === 'untag')
    void client.invalidateQueries({ queryKey: inboxKeys.tags });
  return result;
}

/** `contacts-2026-11-25.csv`, unless the server names the file. */
export function exportFileName(disposition: string | null, today = new Date()): string {
  const named = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return named ? decodeURIComponent(named) : `contacts-${today.toISOString().slice(0, 10)}.csv`;
}

/** Asks for the CSV of the target and hands it to the browser as a download. */
export async function exportContacts(target: BulkTarget): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/contact-table/export', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'text/csv, application/json' },
      body: JSON.stringify({ target }),
    });
  } catch {
    throw new ApiRequestError(0, null, 'Network error. Please check your connection.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
    throw new ApiRequestError(
      response.status,
      body ? { error: body.error ?? '', message: body.message ?? '' } : null,
      `Export failed (${response.status})`,
    );
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(response.headers.get('Content-Disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
