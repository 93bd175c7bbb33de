import { describe, expect, it } from 'vitest';
import { shopSettingDefaults } from './admin-settings.js';
import { shopDetailsIn, shopDetailsSchema } from './shop-details.js';

const stored = {
  ...shopSettingDefaults.shopDetails,
  about: 'Ull og honning fra fjordene.',
  aboutEn: 'Wool and honey from the fjords.',
  openingHours: ['Hverdager 09.00–17.00'],
  openingHoursEn: ['Weekdays 09:00–17:00'],
};

describe('the shop’s own words in one language (issue 31)', () => {
  it('gives bokmål its own text and English the English, in the public answer’s shape', () => {
    const bokmål = shopDetailsIn(stored, 'nb');
    const english = shopDetailsIn(stored, 'en');
    expect([bokmål.about, bokmål.openingHours]).toEqual([stored.about, stored.openingHours]);
    expect([english.about, english.openingHours]).toEqual([stored.aboutEn, stored.openingHoursEn]);
    for (const shown of [bokmål, english]) {
      expect(shown).not.toHaveProperty('aboutEn');
      expect(shown).not.toHaveProperty('openingHoursEn');
      expect(shopDetailsSchema.strict().safeParse(shown).success).toBe(true);
    }
  });

  it('falls back to the bokmål where no English is written', () => {
    const english = shopDetailsIn({ ...stored, aboutEn: '', openingHoursEn: [] }, 'en');
    expect([english.about, english.openingHours]).toEqual([stored.about, stored.openingHours]);
  });

  it('ships a fresh install with Norwegian bokmål and English English', () => {
    const { about, aboutEn, openingHours, openingHoursEn } = shopSettingDefaults.shopDetails;
    expect(about).toMatch(/^Et lite norsk handelsfirma/);
    expect(aboutEn).toMatch(/^A small Norwegian trading company/);
    expect(openingHours[0]).toBe('Mandag–fredag 10.00–18.00');
    expect(openingHoursEn[0]).toBe('Monday–Friday 10:00–18:00');
  });
});
