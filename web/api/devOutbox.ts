import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';

export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

export const devOutboxQuery = queryOptions({
  queryKey: ['dev', 'outbox'],
  queryFn: ({ signal }) => apiRequest<{ messages: OutboxMessage[] }>('/api/dev/outbox', { signal }),
  retry: false,
  refetchInterval: 3_000,
});
