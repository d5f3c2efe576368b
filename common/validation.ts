import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import { MSG } from './messages';

export const PASSWORD_MIN_LENGTH = 6;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Sign-up checks in the spec's order; returns the first failing message or null. */
export function validateSignUp(input: {
  email: string;
  password: string;
  confirmPassword: string;
}): string | null {
  if (!input.email.trim()) return MSG.emailRequired;
  if (!isValidEmail(input.email)) return MSG.invalidEmail;
  if (input.password !== input.confirmPassword) return MSG.passwordsDoNotMatch;
  if (input.password.length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  return null;
}

export type OnboardingInput = {
  name: string;
  companyName: string;
  /** The number as typed (without the dial code unless the user typed one). */
  phoneNumber: string;
  /** The selected country's dial code, e.g. "+49"; empty when none is selected. */
  dialCode: string;
  businessWebsite?: string | null;
};

/** The phone number as stored: the dial code and the typed number, unless the user typed a leading +. */
export function fullPhoneNumber(phoneNumber: string, dialCode: string): string {
  const typed = phoneNumber.trim();
  if (typed.startsWith('+') || !dialCode) return typed;
  return `${dialCode} ${typed}`;
}

/** "example.com" → "https://example.com"; returns null when it does not look like a domain. */
export function normalizeWebsite(raw: string): { url: string } | { error: string } {
  const trimmed = raw.trim();
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let host = trimmed.replace(/^https?:\/\//i, '').split(/[/?#]/)[0] ?? '';
  try {
    host = new URL(withScheme).hostname;
  } catch {
    // keep the typed host for the hint
  }
  const looksLikeDomain = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i.test(host);
  if (!looksLikeDomain) {
    const base = host.replace(/[^a-z0-9-]/gi, '') || 'example';
    return { error: MSG.websiteInvalid(host.includes('.') ? 'example.com' : `${base}.com`) };
  }
  return { url: withScheme };
}

/**
 * Onboarding checks in the spec's order. `signedIn` comes first because the spec checks the
 * session before any field. Returns the first failing message or null.
 */
export function validateOnboarding(input: OnboardingInput, signedIn = true): string | null {
  if (!signedIn) return MSG.mustBeLoggedIn;
  if (!input.name.trim()) return MSG.nameRequired;
  if (!input.companyName.trim()) return MSG.companyRequired;
  if (!input.phoneNumber.trim()) return MSG.phoneRequired;

  const full = fullPhoneNumber(input.phoneNumber, input.dialCode);
  if (!input.dialCode && !full.startsWith('+')) return MSG.phoneNeedsCountry;
  if (!/^\+?[\d\s\-()]+$/.test(full)) return MSG.phoneInvalid;
  if (!isPossiblePhoneNumber(full.replace(/[\s\-()]/g, ''))) return MSG.phoneInvalid;

  if (input.businessWebsite?.trim()) {
    const website = normalizeWebsite(input.businessWebsite);
    if ('error' in website) return website.error;
  }
  return null;
}
