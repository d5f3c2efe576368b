import type { ConnectEmbeddedInput, ConnectManualInput, ConnectResponse } from '@common/api/whatsapp';
import { apiRequest } from './client';

/** Embedded signup's code (plus the FINISH event's ids when we got them) → a connected number. */
export function connectEmbedded(input: ConnectEmbeddedInput): Promise<ConnectResponse> {
  return apiRequest<ConnectResponse>('/api/whatsapp/connect/embedded', { method: 'POST', body: input });
}

/** A self-hoster's WABA id, phone number id and system-user token, checked against Graph by the server. */
export function connectManual(input: ConnectManualInput): Promise<ConnectResponse> {
  return apiRequest<ConnectResponse>('/api/whatsapp/connect/manual', { method: 'POST', body: input });
}

/** What the built-in sandbox answers when its stand-in for Meta's signup window finishes. */
export type SandboxSignupResult = {
  code: string;
  type: 'WA_EMBEDDED_SIGNUP';
  event: 'FINISH';
  data: { phone_number_id: string; waba_id: string; business_id: string };
  phoneNumber: { id: string; displayPhoneNumber: string; verifiedName: string };
};

/** The sandbox plays Meta's side of embedded signup: a new business number and a single-use code. */
export function sandboxSignup(businessName: string): Promise<SandboxSignupResult> {
  const name = businessName.trim();
  return apiRequest<SandboxSignupResult>('/sandbox/api/signup', {
    method: 'POST',
    body: name ? { businessName: name } : {},
  });
}
