import { CONSENT_LABELS, CONSENT_SOURCE_LABELS, type ContactConsent } from '@common/api/consent';

/** '3 Nov' this year, '3 Nov 2025' before. */
export function shortDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/**
 * How the consent came to be, for the contact panel: 'Opted out · 3 Nov, keyword from the customer',
 * 'Opted in · 4 Nov, set by jane'; null while it never changed.
 */
export function describeConsent(consent: ContactConsent, now?: Date): string | null {
  if (!consent.changedAt) return null;
  const how =
    consent.source === 'manual' && consent.changedBy
      ? `set by ${consent.changedBy.label}`
      : consent.source
        ? CONSENT_SOURCE_LABELS[consent.source]
        : null;
  const when = shortDate(consent.changedAt, now);
  return `${CONSENT_LABELS[consent.state]} · ${how ? `${when}, ${how}` : when}`;
}
