import type { ContactFieldListResponse } from '@common/api/contact-fields';
import type {
  ContactImportResponse,
  CreateImportResponse,
  StartImportInput,
} from '@common/api/contact-imports';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, uploadForm } from './client';
import { crmKeys } from './crmKeys';

/** CSV import (owners): upload with a preview, start with a mapping, follow live, failed rows. */

export function uploadImport(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<CreateImportResponse> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<CreateImportResponse>('/api/contact-imports', form, onProgress, signal);
}

export function startImport(importId: string, input: StartImportInput): Promise<ContactImportResponse> {
  return apiRequest<ContactImportResponse>(`/api/contact-imports/${importId}/start`, {
    method: 'POST',
    body: input,
  });
}

/** One import; live frames (`contact_import.progress`) write into the same cache entry. */
export const importQuery = (importId: string) =>
  queryOptions({
    queryKey: crmKeys.import(importId),
    queryFn: ({ signal }) =>
      apiRequest<ContactImportResponse>(`/api/contact-imports/${importId}`, { signal }),
    // A safety net for a dropped socket: the frames normally arrive first.
    refetchInterval: (query) => {
      const status = query.state.data?.import.status;
      return status === 'queued' || status === 'running' ? 5_000 : false;
    },
  });

/** The custom fields a column can map to (read once per visit of the page). */
export const importFieldsQuery = queryOptions({
  queryKey: [...crmKeys.imports, 'fields'] as const,
  queryFn: async ({ signal }) =>
    (await apiRequest<ContactFieldListResponse>('/api/contact-fields', { signal })).fields,
  staleTime: 30_000,
});

export const failedRowsUrl = (importId: string) => `/api/contact-imports/${importId}/failed-rows`;
