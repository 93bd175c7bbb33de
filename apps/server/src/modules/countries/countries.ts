import { getCountryDataList } from 'countries-list';
import type { CountryOption, Locale } from '@shop/shared';

/** The shop's home: listed first and the default for a shopper without a choice (CONST-01). */
export const HOME_COUNTRY_CODE = 'NO';

/**
 * Entries of countries-list that are not ISO 3166-1 countries: Ascension and Tristan da Cunha
 * are only exceptionally reserved codes (their alpha-3 is invented), and user-assigned codes
 * such as Kosovo's XK are left out by their flag below.
 */
const NOT_ISO_3166_CODES = new Set(['AC', 'TA']);

export interface Country {
  name: string;
  alpha2: string;
  alpha3: string;
  /** The country's main currency, the first that countries-list names. */
  currencyCode: string;
  /** Every currency countries-list names for it, such as USD and USN for the United States. */
  currencies: readonly string[];
}

/** Every country with a currency, Norway first and then alphabetically by English name. */
export const countries: readonly Country[] = getCountryDataList()
  .filter(
    (country) =>
      country.currency.length > 0 && !country.userAssigned && !NOT_ISO_3166_CODES.has(country.iso2),
  )
  .map((country): Country => ({
    name: country.name,
    alpha2: country.iso2,
    alpha3: country.iso3,
    currencyCode: country.currency[0] as string,
    currencies: country.currency,
  }))
  .sort((a, b) =>
    a.alpha2 === HOME_COUNTRY_CODE
      ? -1
      : b.alpha2 === HOME_COUNTRY_CODE
        ? 1
        : a.name.localeCompare(b.name, 'en'),
  );

const byCode = new Map<string, Country>(
  countries.flatMap((country) => [
    [country.alpha2, country],
    [country.alpha3, country],
  ]),
);

/** A country by its ISO 3166 alpha-2 or alpha-3 code, in any letter case. */
export function findCountry(code: string): Country | undefined {
  return byCode.get(code.toUpperCase());
}

/**
 * The country a currency belongs to: its issuer when the ISO 4217 code starts with the
 * country's alpha-2 code (NOK gives Norway, USD the United States), else the first country of
 * the list that pays in it.
 */
export function firstCountryWithCurrency(currencyCode: string): Country | undefined {
  const users = countries.filter((country) => country.currencies.includes(currencyCode));
  return users.find((country) => currencyCode.startsWith(country.alpha2)) ?? users[0];
}

const regionNames: Record<Locale, Intl.DisplayNames> = {
  nb: new Intl.DisplayNames(['nb'], { type: 'region', fallback: 'none' }),
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }),
};

/** A country's name in a language, from the runtime's CLDR data, else its English name. */
export function countryNameIn(locale: Locale, country: Country): string {
  return locale === 'en' ? country.name : (regionNames[locale].of(country.alpha2) ?? country.name);
}

let countriesByName: Map<string, Country> | undefined;

/**
 * The country a person wrote by its name, in English or bokmål and in any case ("Norway",
 * "norge"); undefined for a name no country has.
 */
export function findCountryByName(name: string): Country | undefined {
  countriesByName ??= new Map(
    countries.flatMap((country) =>
      [country.name, countryNameIn('nb', country)].map(
        (spelling) => [spelling.toLocaleLowerCase('nb'), country] as const,
      ),
    ),
  );
  return countriesByName.get(name.trim().toLocaleLowerCase('nb'));
}

/** A country as the selector lists it; `shipping` comes from the shipping zones. */
export function toCountryOption(
  country: Country,
  shipping: boolean,
  locale: Locale,
): CountryOption {
  return {
    Country: country.name,
    ISOCode: country.alpha3,
    CurrencyCode: country.currencyCode,
    shipping,
    name: countryNameIn(locale, country),
  };
}
