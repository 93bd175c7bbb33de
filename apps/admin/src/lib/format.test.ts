import { describe, expect, it } from 'vitest';
import { countryName } from './format.js';

describe('countryName', () => {
  it('writes the stored ISO code as the country’s name, as the order mails do (issue 29.12)', () => {
    expect(countryName('NO')).toBe('Norway');
    expect(countryName('SE')).toBe('Sweden');
  });

  it('leaves a text that is no code as it is', () => {
    expect(countryName('Norge')).toBe('Norge');
    expect(countryName('')).toBe('');
  });
});
