/** Server messages that clients react to by their exact text. */
export const serverMessages = {
  notAuthorized: 'Not authorize, token failed',
  invalidId: 'Invalid id',
  internal: 'Something went wrong on our side. Please try again later.',
} as const;

/** What a value longer than its field allows is answered: 'Address is too long (at most 200 characters).' */
export const tooLongMessage = (label: string, max: number) =>
  `${label} is too long (at most ${max.toLocaleString('en-US')} characters).`;
