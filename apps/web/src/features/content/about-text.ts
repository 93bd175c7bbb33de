/** The 'About us' page's own words around the staff's text, so a translation can be added. */
export const aboutText = {
  servicesHeading: 'Our services',
  servicesButton: 'Services',
} as const;
