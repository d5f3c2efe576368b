import { apiRequest } from './client';

export const GEO_TIMEOUT_MS = 3_000;

/** The visitor's country from the server's IP lookup; null on any failure or after 3 s. */
export async function fetchCountryCode(): Promise<string | null> {
  try {
    const result = await apiRequest<{ countryCode: string | null }>('/api/geo', {
      signal: AbortSignal.timeout(GEO_TIMEOUT_MS),
    });
    return typeof result?.countryCode === 'string' ? result.countryCode.toUpperCase() : null;
  } catch {
    return null;
  }
}
