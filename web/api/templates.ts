import type { MessageResponse } from '@common/api/inbox';
import type {
  CreateTemplateInput,
  SendTemplateInput,
  TemplateMediaFormat,
  TemplateMediaResponse,
  TemplateResponse,
  TemplatesResponse,
} from '@common/api/templates';
import { PENDING_TEMPLATE_POLL_MS } from '@common/api/templates';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, uploadForm } from './client';

/** Every templates query starts with this key; the live 'template.updated' applier invalidates it. */
export const TEMPLATES_KEY = ['templates'] as const;

/** Spec §8: the marketing list retries 2 times, 2 s apart, when the error mentions the access token. */
export function marketingRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && error instanceof Error && /access token/i.test(error.message);
}

/** Spec §8: the send modal retries loading up to 3 times at 1 s intervals. */
export function pickerRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/** The marketing grid: all templates; re-checks every 30 s while any is pending (spec §4, §9). */
export const templatesQuery = queryOptions({
  queryKey: [...TEMPLATES_KEY, 'all'],
  queryFn: ({ signal }) => apiRequest<TemplatesResponse>('/api/templates', { signal }),
  staleTime: 5 * 60_000,
  retry: marketingRetry,
  retryDelay: 2_000,
  refetchInterval: (query) =>
    query.state.data?.templates.some((t) => t.status === 'pending') ? PENDING_TEMPLATE_POLL_MS : false,
});

/** The send modal: approved templates only. */
export const approvedTemplatesQuery = queryOptions({
  queryKey: [...TEMPLATES_KEY, 'approved'],
  queryFn: ({ signal }) => apiRequest<TemplatesResponse>('/api/templates?status=approved', { signal }),
  staleTime: 5 * 60_000,
  retry: pickerRetry,
  retryDelay: 1_000,
});

/** Reads the templates from Meta now (the pending re-check asks for a fresh read). */
export function refreshTemplates(signal?: AbortSignal): Promise<TemplatesResponse> {
  return apiRequest<TemplatesResponse>('/api/templates?refresh=1', { signal });
}

export function createTemplate(body: CreateTemplateInput): Promise<TemplateResponse> {
  return apiRequest<TemplateResponse>('/api/templates', { method: 'POST', body });
}

export function sendTemplate(contactId: string, body: SendTemplateInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/api/contacts/${encodeURIComponent(contactId)}/template-messages`, {
    method: 'POST',
    body,
  });
}

/** POSTs one file (and fields) as multipart, for the progress bar; the server checks the bytes. */
function uploadFile(
  url: string,
  file: File,
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TemplateMediaResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return uploadForm<TemplateMediaResponse>(url, form, onProgress, signal);
}

/** Uploads the sample of a new template's image/video/document header. */
export function uploadHeaderSample(
  format: TemplateMediaFormat,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TemplateMediaResponse> {
  return uploadFile('/api/templates/header-samples', file, { format }, onProgress, signal);
}

/** Uploads the file one send of this template carries in its header (instead of the sample). */
export function uploadSendHeaderMedia(
  templateId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TemplateMediaResponse> {
  return uploadFile(
    `/api/templates/${encodeURIComponent(templateId)}/header-media`,
    file,
    {},
    onProgress,
    signal,
  );
}
