/// <reference types="vite/client" />
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import * as shared from '../index.js';
import {
  accountServerMessages,
  accountTexts,
  nameRequiredMessage,
  profileFieldLabels,
} from '../account-rules.js';
import {
  loginFormSchema,
  loginRequestSchema,
  profileUpdateRequestSchema,
  signupFormSchema,
  signupRequestSchema,
} from '../accounts.js';
import { stockMessages } from '../cart-rules.js';
import { cartLinesSchema, couponCodeTooLong } from '../cart.js';
import { minAboveMaxMessage, priceFilterTooHighMessage } from '../catalog-rules.js';
import { disallowedCharactersMessage, text } from '../common.js';
import { serverMessages, tooLongMessage } from '../errors.js';
import { adminProductMessages } from '../admin-products.js';
import { productCsvMessages } from '../admin-products-csv.js';
import { addressRequestSchema, shippingStepFormSchema } from '../orders.js';
import { enquiryTexts, reviewTexts } from '../review-rules.js';
import { enquiryFormSchema, reviewFormSchema, reviewRequestSchema } from '../reviews.js';
import { norwegianPostalCodeMessages, shippingTexts } from '../shipping-rules.js';
import { shopDetailsMessages, shopDetailsSettingSchema } from '../shop-details.js';
import sharedEn from './catalogs/en.json' with { type: 'json' };
import sharedNb from './catalogs/nb.json' with { type: 'json' };
import sharedAdminEn from './catalogs/admin.en.json' with { type: 'json' };
import sharedAdminNb from './catalogs/admin.nb.json' with { type: 'json' };
import { translateText } from './text-message.js';
import { i18nFor } from './translator.js';

const compiled = (catalogue: Record<string, string>) =>
  Object.fromEntries(Object.entries(catalogue).map(([key, value]) => [key, compileMessage(value)]));
/** The storefront loads the shared catalogue; the back office its `admin.*.json` part too. */
const storefront = {
  en: i18nFor('en', compiled(sharedEn)),
  nb: i18nFor('nb', compiled(sharedNb)),
};
const backOffice = {
  en: i18nFor('en', compiled(sharedEn), compiled(sharedAdminEn)),
  nb: i18nFor('nb', compiled(sharedNb), compiled(sharedAdminNb)),
};
const english = storefront.en;
const norwegian = storefront.nb;

/** Strings of a rule-message object; its functions are called below with sample values. */
const stringsOf = (messages: Record<string, unknown>) =>
  Object.values(messages).filter((value): value is string => typeof value === 'string');

/** The messages of a schema's answer to input it refuses. */
const issuesOf = (result: { error?: { issues: { message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.message);

const long = (length: number) => 'a'.repeat(length);

const auth = { name: '', email: 'kari@example.no', password: 'x', retypePassword: '' };

const address = {
  name: 'Kari Nordmann',
  phone: '+47 912 34 567',
  email: 'kari@example.no',
  address: 'Storgata 1',
  apartmentNumber: '',
  city: 'Oslo',
  country: 'NO',
  postalCode: '0155',
};

/**
 * Messages that name a request's fields or values, for the programmer of a client: no form of
 * the shop can send what they refuse, so no shopper or staff member reads them.
 */
const apiContractMessages = new Set([
  'Give either a slug of your own or slugLocked: false, not both',
  'Give at least one of name, slug, slugLocked, hidden or image',
  'ids must list every sub-category of that parent exactly once',
  'ids must not repeat a category',
  'position must be 0 or more',
  'must be a date (2025-03-31) or a date and time with its offset (2025-03-31T14:00:00+02:00)',
  'from must not be after to',
  'page must be 1 or more',
  'pageSize must be between 1 and 100',
  'Send orderLimit or lowStockThreshold to change.',
  'state must be all, low or out',
  'sort must be name, sku or stock, with a leading - for descending order',
  'page must be a whole number, 1 or more',
  'pageSize must be a whole number from 1 to 100',
  'status must be PENDING, ACCEPTED or REJECTED',
  'rating must be a whole number from 1 to 5',
  'status must be new or handled',
  'handled must be true or false',
  'active must be true or false',
  'updatedAt is required: send the updatedAt the coupon was loaded with, so no one’s change is overwritten',
  'productIds must be a list of product ids',
  'kind must be return or goodwill',
  'A goodwill refund gives back an amount without goods: send amountOre and no lines.',
  'Idempotency-Key must be 1 to 255 visible characters without spaces, such as a UUID.',
  'from must be a date (2026-03-01)',
  'to must be a date (2026-03-31)',
  'hidden must be true or false',
  'ids must be a list of ids in the new order',
  'ids must not repeat an entry',
  'html is required: the page’s text as HTML',
  'updatedAt is required: send the updatedAt the page was loaded with (null when it showed the default text), so no one’s change is overwritten',
  'updatedAt is required: send the updatedAt it was loaded with, so no one’s change is overwritten',
  'savedAt is the savedAt the address was loaded with, or null',
  'Give at least one of name, countries or freeFromOre',
  'Give at least one of maxWeightGrams or priceOre',
  'Each option may be given once',
]);

const sources = Object.entries(
  import.meta.glob<string>('../*.ts', { query: '?raw', import: 'default', eager: true }),
)
  .filter(([path]) => !path.endsWith('.test.ts'))
  .map(([, source]) => source)
  .join('\n');

/**
 * The rule messages the modules of packages/shared use: each text of an exported `…Messages` or
 * `…Texts` object that a schema or rule refers to (a module may call its object `messages`),
 * and each capitalised text a schema writes in place. An object's texts no module uses are the
 * server's, which answers them from its own catalogue.
 */
const usedMessages = [
  ...Object.entries(shared).flatMap(([name, value]) =>
    /(Messages|Texts)$/.test(name) && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>).flatMap(([property, message]) =>
          typeof message === 'string' &&
          new RegExp(`\\b(${name}|messages|texts)\\.${property}\\b`).test(sources)
            ? [message]
            : [],
        )
      : [],
  ),
  ...[...sources.matchAll(/\b(?:error|message):\s*'([A-Z][^']*)'/g)].map((found) => found[1] ?? ''),
].filter((message) => !apiContractMessages.has(message));

/**
 * Every message of packages/shared a shopper can read: the storefront's rule-message objects,
 * the messages built from a changing part, and what its schemas answer to bad input. Left out by
 * name: the words that are not messages (the spec's ' !!' after a server's refusal, a
 * placeholder's digits) and the contract's token message, which clients match in any language.
 */
const storefrontMessages: string[] = [
  ...stringsOf({ ...serverMessages, notAuthorized: undefined }),
  ...stringsOf({ ...accountTexts, serverErrorSuffix: undefined }),
  ...stringsOf(accountServerMessages),
  ...stringsOf(profileFieldLabels),
  nameRequiredMessage,
  ...stringsOf(reviewTexts),
  ...stringsOf(enquiryTexts),
  ...stringsOf({ ...shippingTexts, postalCodePlaceholder: undefined }),
  ...stringsOf(norwegianPostalCodeMessages),
  ...stringsOf(stockMessages),
  stockMessages.outOfStock('Raw honey 250 g'),
  stockMessages.orderLimitReached('Raw honey 250 g'),
  stockMessages.addedSuccessfully('Raw honey 250 g'),
  stockMessages.noLongerSold('Old mug'),
  tooLongMessage(profileFieldLabels.address, 200),
  tooLongMessage('Message', 2000),
  couponCodeTooLong,
  disallowedCharactersMessage,
  minAboveMaxMessage,
  priceFilterTooHighMessage('NOK 21,474,836'),
  ...issuesOf(loginFormSchema.safeParse({ ...auth, email: '' })),
  ...issuesOf(loginFormSchema.safeParse({ ...auth, email: 'kari@x' })),
  ...issuesOf(signupFormSchema.safeParse({ ...auth, name: 'Kari', retypePassword: 'y' })),
  ...issuesOf(loginRequestSchema.safeParse({ email: '', password: '' })),
  ...issuesOf(signupRequestSchema.safeParse({ name: '', email: 'k', password: long(300) })),
  ...issuesOf(profileUpdateRequestSchema.safeParse({ name: long(101), city: long(101) })),
  ...issuesOf(addressRequestSchema('shipping').safeParse({})),
  ...issuesOf(addressRequestSchema('billing').safeParse({ ...address, phone: 'x', city: '' })),
  ...issuesOf(addressRequestSchema('shipping').safeParse({ ...address, address: long(201) })),
  ...issuesOf(
    shippingStepFormSchema.safeParse({
      shipping: { ...address, name: 'K', phone: 'x', email: 'k', address: '', country: 'XX' },
      billing: { ...address, phone: 'x', city: '', postalCode: '' },
      billingChoice: 'different',
    }),
  ),
  ...issuesOf(cartLinesSchema.safeParse([])),
  ...issuesOf(cartLinesSchema.safeParse({})),
  ...issuesOf(reviewFormSchema.safeParse({ rating: 0, review: 'short' })),
  ...issuesOf(reviewRequestSchema.safeParse({ rating: 6, review: long(501) })),
  ...issuesOf(enquiryFormSchema.safeParse({ fullname: 'K', email: 'k', phone: 'x', message: '' })),
  ...issuesOf(text({ error: 'x' }).safeParse('\u0000')),
];

const csv = productCsvMessages;
/**
 * Each message of the products CSV with sample values, keyed like `productCsvMessages` so a new
 * one must be added here; the stock ledger's note is data, not a message.
 */
const csvMessages: Record<Exclude<keyof typeof csv, 'stockNote'>, string[]> = {
  refused: [csv.refused(1), csv.refused(3)],
  empty: [csv.empty],
  notText: [csv.notText],
  tooLarge: [csv.tooLarge],
  tooManyRows: [csv.tooManyRows],
  contentType: [csv.contentType],
  unreadable: [csv.unreadable('Invalid Closing Quote: got "x" at line 3')],
  unknownColumn: [csv.unknownColumn('colour')],
  columnTwice: [csv.columnTwice('sku')],
  missingColumn: [csv.missingColumn('sku')],
  cellCount: [csv.cellCount(3, 14)],
  required: [csv.required('sku')],
  requiredForNew: [csv.requiredForNew('price', 'item'), csv.requiredForNew('category', 'product')],
  slug: [csv.slug],
  price: [csv.price],
  wholeNumber: [csv.wholeNumber('stock')],
  status: [csv.status],
  vat: [csv.vat],
  disabled: [csv.disabled],
  options: [csv.options],
  optionTwice: [csv.optionTwice('Size')],
  optionCharacters: [csv.optionCharacters],
  unknownCategory: [csv.unknownCategory('Garments > Hats')],
  ambiguousCategory: [csv.ambiguousCategory('Garments > Men')],
  differs: [csv.differs('product_name_en', 2)],
  skuTwiceInFile: [csv.skuTwiceInFile('HT-1', 4)],
  skuOfOtherProduct: [csv.skuOfOtherProduct('HT-1', 'wool-socks')],
  skuArchived: [csv.skuArchived('HT-1')],
  stockBelowZero: [csv.stockBelowZero],
};

/** Every message a staff member can read: those the modules use, and the built ones. */
const backOfficeMessages: string[] = [
  ...usedMessages,
  shopDetailsMessages.required('The shop name'),
  shopDetailsMessages.tooLong('The About text', 600),
  shopDetailsMessages.tooLong('The English About text', 600),
  shopDetailsMessages.link('The Facebook link'),
  ...issuesOf(
    shopDetailsSettingSchema.safeParse({
      name: '',
      phone: long(31),
      street: '',
      postalCode: '',
      city: '',
      country: '',
      openingHours: [''],
      openingHoursEn: [''],
      about: '',
      aboutEn: long(601),
      chatUrl: 'http://chat',
      instagramUrl: 'x',
      facebookUrl: '',
      youtubeUrl: '',
      appStoreUrl: '',
      googlePlayUrl: '',
    }),
  ).filter((message) => !message.startsWith('Invalid input')),
  adminProductMessages.optionNameTwice('Size'),
  adminProductMessages.optionValueTwice('Size', 'M'),
  ...Object.values(csvMessages).flat(),
];

/** Whether a message reads as its English and in bokmål through a storefront or back office. */
function expectCatalogued(i18n: typeof storefront, message: string) {
  expect(translateText(i18n.en, message)).toBe(message);
  const bokmål = translateText(i18n.nb, message);
  expect(bokmål).not.toBe(message);
  expect(bokmål.trim()).not.toBe('');
}

describe('the shared catalogues hold every message of packages/shared (issue 31.1)', () => {
  it('collects the messages they check', () => {
    expect(storefrontMessages.length).toBeGreaterThan(100);
    expect(backOfficeMessages.length).toBeGreaterThan(150);
  });

  it.each([...new Set(storefrontMessages)])('the storefront reads %s', (message) =>
    expectCatalogued(storefront, message),
  );

  it.each([...new Set(backOfficeMessages)])('the back office reads %s', (message) =>
    expectCatalogued(backOffice, message),
  );

  it('keys each message by its English text', () => {
    for (const [key, value] of Object.entries({ ...sharedEn, ...sharedAdminEn })) {
      if (!key.startsWith('language.')) expect(value, key).toBe(key);
    }
  });
});

describe('a message with a changing part', () => {
  it('reads its values back from the English text into one bokmål message', () => {
    expect(translateText(norwegian, stockMessages.outOfStock('Rå honning'))).toBe(
      'Rå honning er utsolgt',
    );
    expect(
      translateText(norwegian, tooLongMessage(profileFieldLabels.address, 2000)).replace(
        /\s/g,
        ' ',
      ),
    ).toBe('Adresse kan ha maks 2 000 tegn.');
  });

  it('writes the English text as the rules do', () => {
    expect(
      english._('{label} is too long (at most {max, number} characters).', {
        label: 'Message',
        max: 2000,
      }),
    ).toBe(tooLongMessage('Message', 2000));
  });

  it('leaves a text no catalogue holds as it is', () => {
    expect(translateText(norwegian, 'qty must be a number')).toBe('qty must be a number');
  });
});
