/** Server messages that clients react to by their exact text. */
export const serverMessages = {
  notAuthorized: 'Not authorize, token failed',
  invalidId: 'Invalid id',
  internal: 'Something went wrong on our side. Please try again later.',
} as const;

/**
 * A whole number as `toLocaleString('en-US')` writes it (`1,000`), without building an Intl
 * formatter: the schemas write these messages while the storefront's first script is evaluated,
 * where the first formatter's locale data cost 10 ms on a phone's CPU.
 */
const englishWholeNumber = (value: number) => String(value).replace(/\B(?=(\d{3})+$)/g, ',');

/** What a value longer than its field allows is answered: 'Address is too long (at most 200 characters).' */
export const tooLongMessage = (label: string, max: number) =>
  `${label} is too long (at most ${englishWholeNumber(max)} characters).`;
