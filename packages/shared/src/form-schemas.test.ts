import { describe, expect, it } from 'vitest';
import { accountTexts, type FormProblem } from './account-rules.js';
import {
  loginFormSchema,
  profileFormSchema,
  signupFormSchema,
  type AuthFormValues,
  type ProfileFormValues,
} from './accounts.js';
import { shippingStepFormSchema } from './orders.js';
import { enquiryFormSchema, reviewFormSchema } from './reviews.js';
import { shippingTexts, type AddressInput } from './shipping-rules.js';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map(({ path, message }) => [path.join('.'), message]);

describe("the storefront forms' schemas (issue 11)", () => {
  const auth: AuthFormValues = {
    name: 'Kari Nordmann',
    email: 'kari@example.no',
    password: 'Secret#123',
    retypePassword: 'Secret#123',
  };

  it('an account form reports its first problem only, at the field it concerns', () => {
    const cases: [typeof loginFormSchema, Partial<AuthFormValues>, FormProblem<string>][] = [
      [
        loginFormSchema,
        { email: 'kari@x', password: '' },
        {
          field: 'password',
          message: accountTexts.loginFieldsEmpty,
        },
      ],
      [
        loginFormSchema,
        { email: 'kari@x' },
        { field: 'email', message: accountTexts.invalidEmail },
      ],
      [
        signupFormSchema,
        { name: ' ', email: 'kari@x' },
        {
          field: 'name',
          message: accountTexts.signupFieldsEmpty,
        },
      ],
      [
        signupFormSchema,
        { password: 'secret#123', retypePassword: 'x' },
        {
          field: 'password',
          message: accountTexts.weakPassword,
        },
      ],
      [
        signupFormSchema,
        { retypePassword: 'Secret#124' },
        {
          field: 'retypePassword',
          message: accountTexts.retypeMismatch,
        },
      ],
    ];
    for (const [schema, values, { field, message }] of cases) {
      expect(issuesOf(schema.safeParse({ ...auth, ...values }))).toEqual([[field, message]]);
    }
    expect(loginFormSchema.safeParse({ ...auth, name: '', retypePassword: '' }).success).toBe(true);
  });

  it('the edit modal checks the new password only when it is changed', () => {
    const form: ProfileFormValues = {
      name: 'Kari Nordmann',
      phone: '',
      address: '',
      apartmentNumber: '',
      postalCode: '',
      city: '',
      country: '',
      changePassword: false,
      previousPassword: '',
      newPassword: 'weak',
      newPassword1: '',
    };
    const schema = profileFormSchema(form.name);
    expect(schema.safeParse(form).success).toBe(true);
    expect(issuesOf(schema.safeParse({ ...form, changePassword: true }))).toEqual([
      ['newPassword', accountTexts.weakPassword],
    ]);
  });

  it('the shipping step reports every field of both addresses, billing only when it differs', () => {
    const blank: AddressInput = {
      name: '',
      phone: '',
      email: '',
      address: '',
      apartmentNumber: '',
      city: '',
      country: '',
      postalCode: '',
    };
    const form = { shipping: blank, billing: blank, billingChoice: null };
    expect(issuesOf(shippingStepFormSchema.safeParse(form))).toEqual([
      ['shipping.name', shippingTexts.invalidName],
      ['shipping.phone', shippingTexts.invalidPhone],
      ['shipping.email', shippingTexts.invalidEmail],
      ['shipping.address', shippingTexts.invalidAddress],
      ['shipping.city', shippingTexts.invalidCity],
      ['shipping.country', shippingTexts.invalidCountry],
      ['shipping.postalCode', shippingTexts.postalCodeRequired],
    ]);
    const billing = issuesOf(
      shippingStepFormSchema.safeParse({ ...form, billingChoice: 'different' }),
    ).filter(([path]) => path?.startsWith('billing.'));
    expect(billing).toHaveLength(7);
    expect(billing).toContainEqual(['billing.phone', shippingTexts.invalidBillingPhone]);
    expect(billing).toContainEqual(['billing.postalCode', shippingTexts.invalidBillingPostalCode]);
  });

  it('the enquiry reports each field in error; the review its rating and text', () => {
    expect(
      issuesOf(
        enquiryFormSchema.safeParse({ fullname: 'Åse Øren', email: 'x', phone: '', message: '' }),
      ),
    ).toEqual([
      ['email', 'Please Enter a valid email!'],
      ['phone', 'Please Enter a valid phone!'],
    ]);
    expect(issuesOf(reviewFormSchema.safeParse({ rating: undefined, review: '' }))).toEqual([
      ['rating', 'Required!'],
      ['review', 'Required!'],
    ]);
  });
});
