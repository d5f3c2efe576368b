import type { ProfileResponse, UpdateProfileBody } from '@common/api/profile';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export const profileQuery = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest<ProfileResponse>('/api/profile', { signal }),
});

export function saveProfile(body: UpdateProfileBody): Promise<ProfileResponse> {
  return apiRequest<ProfileResponse>('/api/profile', { method: 'PUT', body });
}
