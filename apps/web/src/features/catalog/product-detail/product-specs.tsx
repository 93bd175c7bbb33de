import type { ProductInformation } from '@shop/shared';
import { StaticIsland } from '../../../components/ui/static-island.js';
import { useCatalogText } from '../catalog-i18n.js';

/** The 'Technical Specs' list of key/value pairs (PDP-13): text, not hydrated. */
export function ProductSpecs({ information }: { information: ProductInformation[] }) {
  const t = useCatalogText();
  if (information.length === 0) return null;
  return (
    <section aria-labelledby="technical-specs" className="mt-4">
      <h2 id="technical-specs" className="h5">
        {t('catalog.product.specs')}
      </h2>
      <table className="table table-sm mb-0">
        <StaticIsland name="product-specs" as="tbody" deps={[information]}>
          {information.map(({ informationKey, informationValue }, index) => (
            <tr key={`${informationKey}-${index}`}>
              <th scope="row" className="fw-semibold w-50">
                {informationKey}
              </th>
              <td>{informationValue}</td>
            </tr>
          ))}
        </StaticIsland>
      </table>
    </section>
  );
}
