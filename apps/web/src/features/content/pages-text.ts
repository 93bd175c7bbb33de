/** The text pages' own words around the staff's text, in one place so a translation can be added. */
export const pagesText = {
  loadError: 'The page could not be loaded.',
  retry: 'Try again',
} as const;
