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
import { StaticIsland } from '../../components/ui/static-island.js';
import { useLocale } from '../../lib/i18n.js';
import { useShopDetails } from '../../lib/shop-details.js';
import { LanguageSwitch } from './language-switch.js';
import { useLayoutText } from './layout-i18n.js';

const footerLinks = [
  ['/cleaning', 'layout.footer.link.cleaning'],
  ['/about', 'layout.footer.link.about'],
  ['/terms-conditions', 'layout.footer.link.terms'],
  ['/privacy', 'layout.footer.link.privacy'],
  ['/return', 'layout.footer.link.return'],
  ['/delivery-terms-conditions', 'layout.footer.link.delivery'],
] as const;

const socialNetworks = [
  ['facebookUrl', 'Facebook', FacebookIcon],
  ['instagramUrl', 'Instagram', InstagramIcon],
  ['youtubeUrl', 'YouTube', YoutubeIcon],
] as const satisfies readonly (readonly [keyof ShopDetails, string, unknown])[];

/**
 * About blurb, links, support, apps, social media, organisation number and payments
 * (GLOB-18..25). Text and links only, but for the language switch: a served footer is not
 * hydrated but for it.
 */
export function Footer() {
  const shop = useShopDetails();
  const t = useLayoutText();
  const locale = useLocale();
  // The columns keep their place while the details load, so the page does not move.
  const socialLinks = socialNetworks.filter(([field]) => shop?.[field]);
  return (
    <footer className="site-footer">
      <div className="container">
        <StaticIsland name="footer-columns" className="row g-4" deps={[shop, locale]}>
          <section className="col-12 col-lg-3" aria-labelledby="footer-about">
            <h2 id="footer-about" className="site-footer__title">
              {t('layout.footer.about', { shop: shop?.name ?? '' })}
            </h2>
            <p>{shop?.about}</p>
            <ul
              className="list-unstyled d-flex gap-3 mb-0"
              aria-label={t('layout.footer.socialMedia')}
            >
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
          {/* As wide as bokmål's longest link, «Leveringsbetingelser», which must not break. */}
          <section className="col-6 col-lg-3" aria-labelledby="footer-links">
            <h2 id="footer-links" className="site-footer__title">
              {t('layout.footer.links')}
            </h2>
            <ul className="list-unstyled site-footer__links">
              {footerLinks.map(([to, key]) => (
                <li key={to}>
                  <Link to={to}>{t(key)}</Link>
                </li>
              ))}
            </ul>
          </section>
          <section className="col-6 col-lg-3" aria-labelledby="footer-support">
            <h2 id="footer-support" className="site-footer__title">
              {t('layout.footer.support')}
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
              {t('layout.footer.apps')}
            </h2>
            {shop && <AppStoreLinks shop={shop} />}
          </section>
        </StaticIsland>
        <div className="site-footer__bottom">
          <StaticIsland
            name="footer-payment-methods"
            as="ul"
            className="list-unstyled d-flex flex-wrap gap-2 mb-0"
            label={t('layout.footer.paymentMethods')}
            deps={[shop]}
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
          </StaticIsland>
          {shop && (
            <>
              <p className="mb-0">
                {t('layout.footer.organisationNumber', {
                  number: formatOrganisationNumber(shop.organisationNumber),
                })}
              </p>
              <p className="mb-0">
                {t('layout.footer.copyright', {
                  // A string, so that no language's number format splits the year.
                  year: String(new Date().getFullYear()),
                  shop: shop.name,
                })}
              </p>
            </>
          )}
          <LanguageSwitch />
        </div>
      </div>
    </footer>
  );
}
