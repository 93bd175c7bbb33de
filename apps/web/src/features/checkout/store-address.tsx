import { shopAddressLine } from '@shop/shared';
import { useShopDetails } from '../../lib/shop-details.js';
import { useCheckoutText } from './checkout-i18n.js';

/** Where and when a store pickup is fetched, as the owner set it in the back office. */
export function StoreAddress({ headingLevel }: { headingLevel: 'h3' | 'h4' }) {
  const t = useCheckoutText();
  const shop = useShopDetails();
  if (!shop) return null;
  const Heading = headingLevel;
  return (
    <>
      <address className="mb-2">
        {shop.name}
        <br />
        {shopAddressLine(shop)}
      </address>
      {shop.openingHours.length > 0 && (
        <>
          <Heading className="h6 fw-semibold mb-1">{t('checkout.pickup.openingHours')}</Heading>
          <ul className="list-unstyled mb-0">
            {shop.openingHours.map((hours) => (
              <li key={hours}>{hours}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
