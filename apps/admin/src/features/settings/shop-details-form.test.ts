import { describe, expect, it } from 'vitest';
import { shopSettingDefaults } from '@shop/shared';
import { formFromDetails, shopDetailsForm } from './shop-details-form.js';

const defaults = shopSettingDefaults.shopDetails;

describe('the shop-details form (issue 14)', () => {
  it('shows the organisation number grouped and the opening hours one a line', () => {
    const form = formFromDetails({ ...defaults, organisationNumber: '987654321' });
    expect(form.organisationNumber).toBe('987 654 321');
    expect(form.openingHours).toBe(defaults.openingHours.join('\n'));
    expect(form.openingHoursEn).toBe(defaults.openingHoursEn.join('\n'));
  });

  it('sends the number as digits, the hours as non-empty lines and no payment method when none is ticked', () => {
    const parsed = shopDetailsForm.parse({
      ...formFromDetails(defaults),
      organisationNumber: ' 987 654 321 ',
      openingHours: 'Mon–Fri 10–18\n\n  Sat 10–16  \n',
      openingHoursEn: '\n Weekdays 10–18 \n',
      paymentMethods: false,
    });
    expect(parsed.organisationNumber).toBe('987654321');
    expect(parsed.openingHours).toEqual(['Mon–Fri 10–18', 'Sat 10–16']);
    expect(parsed.openingHoursEn).toEqual(['Weekdays 10–18']);
    expect(parsed.paymentMethods).toEqual([]);
  });

  it('refuses a number that is not nine digits with the shop’s message', () => {
    const refused = shopDetailsForm.safeParse({
      ...formFromDetails(defaults),
      organisationNumber: '92345678',
    });
    expect(refused.error?.issues[0]?.message).toBe(
      'The organisation number is nine digits (923 456 789)',
    );
  });
});
