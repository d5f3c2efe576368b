import type {
  SavedAttachmentResponse,
  SavedMessageResponse,
  SavedMessagesResponse,
  SaveSavedMessageInput,
} from '@common/api/saved-messages';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, uploadForm } from './client';

export const SAVED_MESSAGES_KEY = ['saved-messages'] as const;

/** The team's saved messages, newest first, with what the caller may do (abilities). */
export const savedMessagesQuery = queryOptions({
  queryKey: SAVED_MESSAGES_KEY,
  queryFn: ({ signal }) => apiRequest<SavedMessagesResponse>('/api/saved-messages', { signal }),
  staleTime: 60_000,
});

export function createSavedMessage(body: SaveSavedMessageInput): Promise<SavedMessageResponse> {
  return apiRequest<SavedMessageResponse>('/api/saved-messages', { method: 'POST', body });
}

export function updateSavedMessage(id: string, body: SaveSavedMessageInput): Promise<SavedMessageResponse> {
  return apiRequest<SavedMessageResponse>(`/api/saved-messages/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

export function deleteSavedMessage(id: string): Promise<null> {
  return apiRequest<null>(`/api/saved-messages/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Uploads an attachment with progress (XHR, for the progress bar); the server checks the bytes. */
export function uploadSavedAttachment(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<SavedAttachmentResponse> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<SavedAttachmentResponse>('/api/saved-messages/attachments', form, onProgress);
}
