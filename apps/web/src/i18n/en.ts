import shared from '@shop/shared/catalogs/en.json?compiled';
import type { Messages } from '@shop/shared';

/** The storefront's catalogues in English, as one chunk. */
export default [
  shared,
  ...Object.values(
    import.meta.glob<Messages>('../**/i18n/en.json', {
      query: '?compiled',
      import: 'default',
      eager: true,
    }),
  ),
];
