/** Server messages that clients react to by their exact text. */
export const serverMessages = {
  notAuthorized: 'Not authorize, token failed',
  invalidId: 'Invalid id',
  internal: 'Something went wrong on our side. Please try again later.',
} as const;
