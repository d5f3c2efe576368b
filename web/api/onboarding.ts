import type { OnboardingBody, Profile } from '@common/api/auth';
import { apiRequest } from './client';

export function saveOnboardingProfile(body: OnboardingBody): Promise<{ profile: Profile }> {
  return apiRequest<{ profile: Profile }>('/api/onboarding', { method: 'POST', body });
}
