import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from './index.js';
import {
  accountTexts,
  profileFormProblem,
  profileNameProblem,
  signupFormProblem,
} from './account-rules.js';
import { text } from './common.js';
import { MAX_PRICE_FILTER_NOK, priceRangeProblem } from './catalog-rules.js';
import { addressRequestSchema, shippingStepFormSchema } from './orders.js';
import { enquiryErrors, enquiryTexts, isPhoneNumber } from './review-rules.js';
import {
  addressErrors,
  addressFieldMaxLengths,
  norwegianDeliveryProblem,
  norwegianPostalCodeMessages,
  norwegianPostalCodeProblem,
  shippingTexts,
  type AddressInput,
} from './shipping-rules.js';

/** zod's own words for a length: "Too big: expected string to have <=200 characters". */
const zodDefault = /^Too (big|small)|expected string/;

/** Every string schema with a length limit inside `schema`, with the path that leads to it. */
function limitedStrings(schema: z.ZodType, where: string, depth = 0): [string, z.ZodString][] {
  if (depth > 20) return [];
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const inner = (child: unknown, suffix: string) =>
    limitedStrings(child as z.ZodType, `${where}${suffix}`, depth + 1);
  switch (def.type) {
    case 'string': {
      const string = schema as z.ZodString;
      return string.maxLength === null ? [] : [[where, string]];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
        inner(child, `.${key}`),
      );
    case 'array':
      return inner(def.element, '[]');
    case 'record':
      return inner(def.valueType, '{value}');
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option, index) => inner(option, `|${index}`));
    case 'pipe':
      return [...inner(def.in, ''), ...inner(def.out, '')];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return inner(def.innerType, '');
    default:
      return [];
  }
}

const sheet: AddressInput = {
  name: 'Kari Nordmann',
  phone: '+47 912 34 567',
  email: 'kari@example.no',
  address: 'Storgata 1',
  apartmentNumber: '',
  city: 'Oslo',
  country: 'NOR',
  postalCode: '0155',
};

describe('a value longer than its field is answered in words (issue 29.12)', () => {
  it("no string of any request schema answers a too-long value in zod's own words", () => {
    const requestSchemas = Object.entries(shared as Record<string, unknown>)
      .filter(([name]) => /(?:Request|Params|Query|Body|Selection)Schema$/.test(name))
      .filter(([, value]) => typeof value === 'object' && value !== null && '_zod' in value)
      .map(([name, value]): [string, z.ZodType] => [name, value as z.ZodType]);
    const limited = requestSchemas.flatMap(([name, schema]) => limitedStrings(schema, name));
    expect(limited.length).toBeGreaterThan(20);
    const bare = limited.flatMap(([where, leaf]) => {
      const message = leaf.safeParse('x'.repeat((leaf.maxLength ?? 0) + 1)).error?.issues[0]
        ?.message;
      return message === undefined || zodDefault.test(message) ? [`${where}: ${message}`] : [];
    });
    expect(bare).toEqual([]);
  });

  it('a limit a schema leaves bare names its field by its key', () => {
    const schema = z.object({ delivery: z.object({ apartmentNumber: text().max(3) }) });
    expect(
      schema.safeParse({ delivery: { apartmentNumber: 'H0201' } }).error?.issues[0]?.message,
    ).toBe('Apartment number is too long (at most 3 characters).');
    expect(text().min(1).safeParse('').error?.issues[0]?.message).toBe('This value is required.');
  });

  it('every address field has its limit and its own words, for the form and the server alike', () => {
    // Each too long by one character, and otherwise what its rule takes.
    const tooLong: Partial<AddressInput> = {
      name: `Kari ${'N'.repeat(addressFieldMaxLengths.name - 4)}`,
      phone: '9'.repeat(addressFieldMaxLengths.phone + 1),
      email: `${'k'.repeat(addressFieldMaxLengths.email - 10)}@example.no`,
      address: 'x'.repeat(addressFieldMaxLengths.address + 1),
      apartmentNumber: 'x'.repeat(addressFieldMaxLengths.apartmentNumber + 1),
      city: 'x'.repeat(addressFieldMaxLengths.city + 1),
      postalCode: '1'.repeat(addressFieldMaxLengths.postalCode + 1),
    };
    for (const [field, max] of Object.entries(addressFieldMaxLengths)) {
      if (field === 'country') continue;
      const value = tooLong[field as keyof AddressInput] ?? '';
      expect(value.length, field).toBe(max + 1);
      // A Swedish address: a Norwegian postal code has a rule of its own.
      const errors = addressErrors({ ...sheet, country: 'SWE', [field]: value }, 'shipping');
      expect(errors[field as keyof AddressInput], field).toMatch(
        new RegExp(`^[A-Z][a-z0-9 ]+ is too long \\(at most ${max} characters\\)\\.$`),
      );
    }
    expect(
      addressRequestSchema('billing').safeParse({ ...sheet, address: 'x'.repeat(201) }).error
        ?.issues[0]?.message,
    ).toBe('Address is too long (at most 200 characters).');
    const form = shippingStepFormSchema.safeParse({
      shipping: { ...sheet, apartmentNumber: 'x'.repeat(201) },
      billing: sheet,
      billingChoice: 'same',
    });
    expect(form.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['shipping.apartmentNumber', 'Address line 2 is too long (at most 200 characters).'],
    ]);
  });

  it('the edit modal and the enquiry word theirs too', () => {
    const profile = {
      name: 'Kari Nordmann',
      phone: '',
      address: '',
      apartmentNumber: '',
      postalCode: '',
      city: 'x'.repeat(101),
      changePassword: false,
      newPassword: '',
      newPassword1: '',
    };
    expect(profileFormProblem(profile, 'Kari Nordmann')).toEqual({
      field: 'city',
      message: 'City is too long (at most 100 characters).',
    });
    const enquiry = {
      fullname: 'Åse Øren',
      email: 'ase@example.no',
      phone: '912 34 567',
      message: 'x'.repeat(6000),
    };
    expect(enquiryErrors(enquiry)).toEqual({
      message: 'Message is too long (at most 2,000 characters).',
    });
    expect(enquiryErrors({ ...enquiry, message: 'x'.repeat(2000) })).toEqual({});
  });
});

describe("Norway's postal codes (issue 29.7)", () => {
  it("are four digits within Posten's numbers, 0001 to 9991", () => {
    for (const code of ['0001', '0010', '0155', '9990', '9991', ' 5003 '])
      expect(norwegianPostalCodeProblem(code), code).toBeUndefined();
    for (const code of ['0000', '9992', '9999', '015', '01555', 'abcd', ''])
      expect(norwegianPostalCodeProblem(code), code).toBe(norwegianPostalCodeMessages.invalid);
  });

  it('are refused for delivery to Svalbard and Jan Mayen by name', () => {
    expect(norwegianDeliveryProblem('9171')).toBe(norwegianPostalCodeMessages.svalbard);
    expect(norwegianDeliveryProblem('8099')).toBe(norwegianPostalCodeMessages.janMayen);
    expect(norwegianDeliveryProblem('0000')).toBe(norwegianPostalCodeMessages.invalid);
    expect(norwegianDeliveryProblem('9180')).toBeUndefined();
  });

  it('the address rules refuse them at the postal code: the quote’s words for shipping, the spec’s for billing', () => {
    expect(addressErrors({ ...sheet, postalCode: '0000' }, 'shipping')).toEqual({
      postalCode: 'Please enter a valid Norwegian postal code',
    });
    expect(addressErrors({ ...sheet, country: 'NO', postalCode: '9170' }, 'shipping')).toEqual({
      postalCode: norwegianPostalCodeMessages.svalbard,
    });
    expect(addressErrors({ ...sheet, postalCode: '0000' }, 'billing')).toEqual({
      postalCode: shippingTexts.invalidBillingPostalCode,
    });
    expect(addressErrors({ ...sheet, postalCode: '9170' }, 'billing')).toEqual({});
    // Other countries' codes are the shipping quote's to check.
    expect(addressErrors({ ...sheet, country: 'SWE', postalCode: '0000' }, 'shipping')).toEqual({});
  });
});

describe('one name rule for sign-up and shipping (issue 29.12)', () => {
  const signup = {
    name: 'Kari Nordmann',
    email: 'kari@example.no',
    password: 'Secret#123',
    retypePassword: 'Secret#123',
  };

  it('sign-up refuses what the shipping form refuses, and keeps the spec’s empty-field message', () => {
    for (const name of ['Madonna', 'A Hansen', 'Kari N0rdmann']) {
      expect(addressErrors({ ...sheet, name }, 'shipping').name).toBe(shippingTexts.invalidName);
      expect(signupFormProblem({ ...signup, name })).toEqual({
        field: 'name',
        message: accountTexts.invalidFullName,
      });
    }
    expect(signupFormProblem({ ...signup, name: ' ' })?.message).toBe(
      accountTexts.signupFieldsEmpty,
    );
    expect(signupFormProblem({ ...signup, name: 'Åse Øren' })).toBeUndefined();
  });

  it('an account keeps a one-word name it has; a new name follows the rule', () => {
    expect(profileNameProblem('Madonna', 'Madonna')).toBeUndefined();
    expect(profileNameProblem('Cher', 'Madonna')).toBe(accountTexts.invalidFullName);
    expect(profileNameProblem('Madonna Ciccone', 'Madonna')).toBeUndefined();
    expect(profileNameProblem('  ', 'Madonna')).toBe('Name is required');
  });
});

describe('the enquiry phone (issue 29.12)', () => {
  it('is digits in a phone’s shape: 5 to 15 digits, spaces, dashes, dots, brackets, one + first', () => {
    for (const phone of ['+47 912 34 567', '(+47) 912-34.567', '91234567', '22 00 00'])
      expect(isPhoneNumber(phone), phone).toBe(true);
    for (const phone of [
      '😀',
      'call me',
      '1234',
      '1'.repeat(16),
      '++47 912 34 567',
      '912 34 567 +',
    ])
      expect(isPhoneNumber(phone), phone).toBe(false);
    expect(
      enquiryErrors({ fullname: 'Åse Øren', email: 'ase@example.no', phone: '😀', message: '' }),
    ).toEqual({ phone: enquiryTexts.invalidPhone });
  });
});

describe('the price filter (issue 29.12)', () => {
  it('refuses an end above what prices can be, and min above max', () => {
    expect(priceRangeProblem(0, MAX_PRICE_FILTER_NOK)).toBeUndefined();
    expect(priceRangeProblem(0, MAX_PRICE_FILTER_NOK + 1)).toBe('tooHigh');
    expect(priceRangeProblem(1e12, 0)).toBe('tooHigh');
    expect(priceRangeProblem(300, 200)).toBe('minAboveMax');
    expect(priceRangeProblem(300, 0)).toBeUndefined();
  });
});
