import { Link } from 'react-router';
import {
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  YoutubeIcon,
} from '../../components/ui/icons.js';
import {
  formatOrganisationNumber,
  paymentMethodNames,
  shopAddressLine,
  telephoneHref,
  type ShopDetails,
} from '@shop/shared';
import { AppStoreLinks } from '../../components/ui/app-store-links.js';
import { useShopDetails } from '../../lib/shop-details.js';

const footerLinks = [
  ['/cleaning', 'Cleaning Facilities'],
  ['/about', 'About Us'],
  ['/terms-conditions', 'Terms & Conditions'],
  ['/privacy', 'Privacy Policy'],
  ['/return', 'Return Policy'],
  ['/delivery-terms-conditions', 'Delivery Terms and Condition'],
] as const;

const socialNetworks = [
  ['facebookUrl', 'Facebook', FacebookIcon],
  ['instagramUrl', 'Instagram', InstagramIcon],
  ['youtubeUrl', 'YouTube', YoutubeIcon],
] as const satisfies readonly (readonly [keyof ShopDetails, string, unknown])[];

/** About blurb, links, support, apps, social media, organisation number and payments (GLOB-18..25). */
export function Footer() {
  const shop = useShopDetails();
  // The columns keep their place while the details load, so the page does not move.
  const socialLinks = socialNetworks.filter(([field]) => shop?.[field]);
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row g-4">
          <section className="col-12 col-lg-4" aria-labelledby="footer-about">
            <h2 id="footer-about" className="site-footer__title">
              About {shop?.name}
            </h2>
            <p>{shop?.about}</p>
            <ul className="list-unstyled d-flex gap-3 mb-0" aria-label="Social media">
              {socialLinks.map(([field, name, SocialIcon]) => (
                <li key={name}>
                  <a
                    href={shop?.[field]}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={name}
                    className="social-link"
                  >
                    <SocialIcon />
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section className="col-6 col-lg-2" aria-labelledby="footer-links">
            <h2 id="footer-links" className="site-footer__title">
              Links
            </h2>
            <ul className="list-unstyled site-footer__links">
              {footerLinks.map(([to, text]) => (
                <li key={to}>
                  <Link to={to}>{text}</Link>
                </li>
              ))}
            </ul>
          </section>
          <section className="col-6 col-lg-3" aria-labelledby="footer-support">
            <h2 id="footer-support" className="site-footer__title">
              Customer Support
            </h2>
            {shop && (
              <ul className="list-unstyled site-footer__contact">
                <li>
                  <MapPinIcon width={16} height={16} />
                  <span>{shopAddressLine(shop)}</span>
                </li>
                <li>
                  <PhoneIcon width={16} height={16} />
                  <a href={telephoneHref(shop.phone)}>{shop.phone}</a>
                </li>
                <li>
                  <MailIcon width={16} height={16} />
                  <a href={`mailto:${shop.email}`}>{shop.email}</a>
                </li>
              </ul>
            )}
          </section>
          <section className="col-12 col-lg-3" aria-labelledby="footer-apps">
            <h2 id="footer-apps" className="site-footer__title">
              Get our app
            </h2>
            {shop && <AppStoreLinks shop={shop} />}
          </section>
        </div>
        <div className="site-footer__bottom">
          <ul
            className="list-unstyled d-flex flex-wrap gap-2 mb-0"
            aria-label="Accepted payment methods"
          >
            {shop?.paymentMethods.map((method) => (
              <li key={method}>
                <img
                  src={`/payment/${method}.svg`}
                  alt={paymentMethodNames[method]}
                  width={50}
                  height={32}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
          {shop && (
            <>
              <p className="mb-0">Org. nr. {formatOrganisationNumber(shop.organisationNumber)}</p>
              <p className="mb-0">
                © {new Date().getFullYear()} {shop.name}. All rights reserved.
              </p>
            </>
          )}
        </div>
      </div>
    </footer>
  );
}
