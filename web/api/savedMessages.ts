import type { ApiError } from '@common/api/auth';
import type {
  SavedAttachmentResponse,
  SavedMessageResponse,
  SavedMessagesResponse,
  SaveSavedMessageInput,
} from '@common/api/saved-messages';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from './client';

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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/saved-messages/attachments');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as SavedAttachmentResponse);
      else
        reject(
          new ApiRequestError(xhr.status, body as Partial<ApiError> | null, `Upload failed (${xhr.status})`),
        );
    };
    xhr.onerror = () => reject(new ApiRequestError(0, null, 'Network error. Please check your connection.'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
