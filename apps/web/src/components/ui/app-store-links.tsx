import { shopContact } from '../../lib/shop-contact.js';

const stores = [
  [shopContact.appStoreUrl, '/badges/app-store.svg', 'Download on the App Store'],
  [shopContact.googlePlayUrl, '/badges/google-play.svg', 'Get it on Google Play'],
] as const;

/** Download links for the mobile app in the two app stores (GLOB-21). */
export function AppStoreLinks({ className = '' }: { className?: string }) {
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
