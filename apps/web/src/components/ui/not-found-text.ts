/** The not-found page's text, in one place so a translation can be added. */
export const notFoundText = {
  documentTitle: 'Page not found',
  heading: 'Page not found',
  body: 'The page you are looking for does not exist or has moved. The image takes you back to the shop.',
  imageAlt: 'Page not found – go to the home page',
} as const;
