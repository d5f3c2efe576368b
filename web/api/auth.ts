import type { SignInInput, SignInResponse, SignUpInput, SignUpResponse } from '@common/api/auth';
import { apiRequest } from './client';

export function signIn(input: SignInInput): Promise<SignInResponse> {
  return apiRequest<SignInResponse>('/api/auth/sign-in', { method: 'POST', body: input });
}

export function signUp(input: SignUpInput): Promise<SignUpResponse> {
  return apiRequest<SignUpResponse>('/api/auth/sign-up', { method: 'POST', body: input });
}

export async function signOut(): Promise<void> {
  await apiRequest<null>('/api/auth/sign-out', { method: 'POST' });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest<{ ok: true }>('/api/auth/forgot-password', { method: 'POST', body: { email } });
}

export async function resetPassword(input: {
  token: string;
  password: string;
  confirmPassword: string;
}): Promise<void> {
  await apiRequest<{ ok: true }>('/api/auth/reset-password', { method: 'POST', body: input });
}
