import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry, searchCountries, stripDialCode } from './countries';

describe('COUNTRIES', () => {
  it('lists about 230+ countries, each with flag, name, two-letter code and dial code', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(230);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^\+\d+$/);
      expect(country.name.length).toBeGreaterThan(1);
      expect(country.flag.length).toBeGreaterThan(0);
    }
  });

  it('is sorted by name', () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('finds a country by code, in any case', () => {
    expect(findCountry('de')).toMatchObject({ name: 'Germany', dialCode: '+49', flag: '🇩🇪' });
    expect(findCountry(null)).toBeNull();
    expect(findCountry('ZZ')).toBeNull();
  });
});

describe('searchCountries', () => {
  it('matches names from the start of any word, ignoring case and accents', () => {
    expect(searchCountries('germ')[0]?.code).toBe('DE');
    expect(searchCountries('kingdom').map((c) => c.code)).toContain('GB');
    expect(searchCountries('aland').map((c) => c.code)).toContain('AX');
  });

  it('puts an exact two-letter code first', () => {
    expect(searchCountries('de')[0]?.code).toBe('DE');
    expect(searchCountries('GB')[0]?.code).toBe('GB');
  });

  it('matches dial codes with or without the plus', () => {
    expect(searchCountries('+49')[0]?.code).toBe('DE');
    expect(searchCountries('44').map((c) => c.code)).toContain('GB');
    expect(searchCountries('+1').map((c) => c.code)).toEqual(expect.arrayContaining(['US', 'CA']));
  });

  it('returns everything for an empty query and nothing for nonsense', () => {
    expect(searchCountries('  ')).toHaveLength(COUNTRIES.length);
    expect(searchCountries('qqqq')).toEqual([]);
  });
});

describe('stripDialCode', () => {
  it("removes the chosen country's code from a typed international number", () => {
    expect(stripDialCode('+49 151 23456789', '+49')).toBe('151 23456789');
    expect(stripDialCode('+4915123456789', '+49')).toBe('15123456789');
  });

  it('removes a different leading dial code the user typed', () => {
    expect(stripDialCode('+1 555 123 4567', '+49')).toBe('555 123 4567');
    expect(stripDialCode('+44-7700-900123', '+49')).toBe('7700-900123');
  });

  it('leaves numbers without a leading + alone', () => {
    expect(stripDialCode('151 23456789', '+49')).toBe('151 23456789');
    expect(stripDialCode('', '+49')).toBe('');
  });
});
