import shared from '@shop/shared/catalogs/nb.json?compiled';
import type { Messages } from '@shop/shared';

/** The storefront's catalogues in bokmål, as one chunk. */
export default [
  shared,
  ...Object.values(
    import.meta.glob<Messages>('../**/i18n/nb.json', {
      query: '?compiled',
      import: 'default',
      eager: true,
    }),
  ),
];
