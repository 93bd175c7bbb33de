import type { CountryOption } from '@shop/shared';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * The country list names countries by alpha-3 (NOR), while the server stores saved addresses
 * with alpha-2 (NO). An alpha-2 code is matched to the list through its English name, the same
 * naming the list uses; a code that matches no shipping country answers ''.
 */
export function countryOptionCode(code: string, countries: CountryOption[]): string {
  const upper = code.trim().toUpperCase();
  if (countries.some((country) => country.ISOCode === upper)) return upper;
  if (!/^[A-Z]{2}$/.test(upper)) return '';
  let name: string | undefined;
  try {
    name = regionNames.of(upper);
  } catch {
    return '';
  }
  return countries.find((country) => country.Country === name)?.ISOCode ?? '';
}
