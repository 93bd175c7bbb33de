import type { ShopDetails } from '@shop/shared';
import { useUiText } from './ui-i18n.js';

/** Download links for the mobile app in the two app stores the shop has links for (GLOB-21). */
export function AppStoreLinks({ shop, className = '' }: { shop: ShopDetails; className?: string }) {
  const t = useUiText();
  const stores = [
    [shop.appStoreUrl, '/badges/app-store.svg', t('ui.appStore')],
    [shop.googlePlayUrl, '/badges/google-play.svg', t('ui.googlePlay')],
  ].filter(([href]) => href !== '');
  return (
    <ul className={`list-unstyled d-flex flex-wrap gap-2 mb-0 ${className}`}>
      {stores.map(([href, badge, label]) => (
        <li key={badge}>
          <a href={href} target="_blank" rel="noopener noreferrer">
            <img src={badge} alt={label} width={135} height={40} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
