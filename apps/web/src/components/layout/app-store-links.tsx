import { shopContact } from './shop-contact.js';

/** Download links for the mobile app in the two app stores (GLOB-21). */
export function AppStoreLinks({ className = '' }: { className?: string }) {
  return (
    <ul className={`list-unstyled d-flex flex-wrap gap-2 mb-0 ${className}`}>
      <li>
        <a href={shopContact.appStoreUrl} target="_blank" rel="noopener noreferrer">
          <img
            src="/badges/app-store.svg"
            alt="Download on the App Store"
            width={135}
            height={40}
            loading="lazy"
          />
        </a>
      </li>
      <li>
        <a href={shopContact.googlePlayUrl} target="_blank" rel="noopener noreferrer">
          <img
            src="/badges/google-play.svg"
            alt="Get it on Google Play"
            width={135}
            height={40}
            loading="lazy"
          />
        </a>
      </li>
    </ul>
  );
}
