import { countries, getEmojiFlag, type TCountryCode } from 'countries-list';

export type Country = {
  /** ISO 3166-1 alpha-2, e.g. "DE". */
  code: string;
  name: string;
  /** With the plus, e.g. "+49". */
  dialCode: string;
  flag: string;
};

/** Every country with a calling code, sorted by name. */
export const COUNTRIES: readonly Country[] = Object.entries(countries)
  .filter(([, country]) => country.phone.length > 0)
  .map(([code, country]) => ({
    code,
    name: country.name,
    dialCode: `+${country.phone[0]}`,
    flag: getEmojiFlag(code as TCountryCode),
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

export function findCountry(code: string | null | undefined): Country | null {
  if (!code) return null;
  return BY_CODE.get(code.toUpperCase()) ?? null;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Countries matching a search by name ("germ"), two-letter code ("de") or dial code ("+49" or "49"),
 * best matches first: exact code or dial code, then names starting with the query, then the rest.
 */
export function searchCountries(query: string, list: readonly Country[] = COUNTRIES): Country[] {
  const q = fold(query.trim());
  if (!q) return [...list];

  const digits = q.replace(/^\+/, '').replace(/\s/g, '');
  const isDialQuery = /^\d+$/.test(digits);

  const scored: { country: Country; score: number }[] = [];
  for (const country of list) {
    const name = fold(country.name);
    const code = country.code.toLowerCase();
    const dial = country.dialCode.slice(1);
    let score = -1;
    if (isDialQuery) {
      if (dial === digits) score = 0;
      else if (dial.startsWith(digits)) score = 1;
    } else {
      if (code === q) score = 0;
      else if (name.startsWith(q)) score = 1;
      else if (name.split(/[\s,()-]+/).some((word) => word.startsWith(q))) score = 2;
      else if (name.includes(q)) score = 3;
    }
    if (score >= 0) scored.push({ country, score });
  }
  return scored.sort((a, b) => a.score - b.score).map(({ country }) => country);
}

const ALL_DIAL_CODES = [...new Set(COUNTRIES.map((c) => c.dialCode))].sort((a, b) => b.length - a.length);

/**
 * Removes a leading dial code the user typed, for when they then pick a country: the chosen
 * country's own code first, otherwise the longest known code the number starts with.
 */
export function stripDialCode(phoneNumber: string, chosenDialCode: string): string {
  const typed = phoneNumber.trimStart();
  if (!typed.startsWith('+')) return phoneNumber;

  const compact = typed.replace(/[\s\-().]/g, '');
  const candidates = [chosenDialCode, ...ALL_DIAL_CODES];
  const match = candidates.find((code) => code && compact.startsWith(code));
  if (!match) return phoneNumber;

  // Walk the typed text until all digits of the dial code are consumed, keeping the user's spacing after it.
  let digitsLeft = match.length - 1;
  let index = 1;
  while (index < typed.length && digitsLeft > 0) {
    if (/\d/.test(typed[index]!)) digitsLeft -= 1;
    index += 1;
  }
  return typed.slice(index).replace(/^[\s\-.)]+/, '');
}
