import { describe, expect, it } from 'vitest';
import { countryName, variantLabel } from './format.js';

describe('countryName', () => {
  it('writes the stored ISO code as the country’s name, as the order mails do (issue 29.12)', () => {
    expect(countryName('NO', 'en')).toBe('Norway');
    expect(countryName('SE', 'en')).toBe('Sweden');
  });

  it('writes it in bokmål for a Norwegian reader (issue 31)', () => {
    expect(countryName('NO', 'nb')).toBe('Norge');
    expect(countryName('SE', 'nb')).toBe('Sverige');
  });

  it('leaves a text that is no code as it is', () => {
    expect(countryName('Norge', 'en')).toBe('Norge');
    expect(countryName('', 'en')).toBe('');
  });
});

describe('variantLabel', () => {
  it('writes option pairs in the order the storefront and the mails use (issue 29.12)', () => {
    expect(variantLabel({ Size: 'M', Colour: 'Red' }, 'Single item')).toBe('Colour Red · Size M');
    expect(variantLabel({}, 'Enkeltvare')).toBe('Enkeltvare');
  });
});
