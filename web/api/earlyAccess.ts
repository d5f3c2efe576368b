import type { EarlyAccessInput } from '@common/api/auth';
import { apiRequest } from './client';

export async function requestEarlyAccess(input: EarlyAccessInput): Promise<void> {
  await apiRequest<unknown>('/api/early-access', { method: 'POST', body: input });
}
