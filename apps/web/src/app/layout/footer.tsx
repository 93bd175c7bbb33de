import { Link } from 'react-router';
import {
  FacebookIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  YoutubeIcon,
} from '../../components/ui/icons.js';
import { AppStoreLinks } from '../../components/ui/app-store-links.js';
import { shopContact } from '../../lib/shop-contact.js';

const footerLinks = [
  ['/cleaning', 'Cleaning Facilities'],
  ['/about', 'About Us'],
  ['/terms-conditions', 'Terms & Conditions'],
  ['/privacy', 'Privacy Policy'],
  ['/return', 'Return Policy'],
  ['/delivery-terms-conditions', 'Delivery Terms and Condition'],
] as const;

const paymentMethods = [
  ['visa', 'Visa'],
  ['mastercard', 'Mastercard'],
  ['vipps', 'Vipps'],
  ['bankaxept', 'BankAxept'],
  ['klarna', 'Klarna'],
] as const;

const socialLinks = [
  [shopContact.facebookUrl, 'Facebook', FacebookIcon],
  [shopContact.instagramUrl, 'Instagram', InstagramIcon],
  [shopContact.youtubeUrl, 'YouTube', YoutubeIcon],
] as const;

/** About blurb, links, support, apps, social media, organisation number and payments (GLOB-18..25). */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row g-4">
          <section className="col-12 col-lg-4" aria-labelledby="footer-about">
            <h2 id="footer-about" className="site-footer__title">
              About {shopContact.name}
            </h2>
            <p>
              A small Norwegian trading company offering ethnic and western garments, handmade
              handicrafts, health and beauty goods, herbal goods, honey, coffee and tea, hemp
              products, professional cleaning services and import/export.
            </p>
            <ul className="list-unstyled d-flex gap-3 mb-0" aria-label="Social media">
              {socialLinks.map(([href, name, SocialIcon]) => (
                <li key={name}>
                  <a
                    href={href}
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
            <ul className="list-unstyled site-footer__contact">
              <li>
                <MapPinIcon width={16} height={16} />
                <span>{shopContact.location}</span>
              </li>
              <li>
                <PhoneIcon width={16} height={16} />
                <a href={shopContact.phoneHref}>{shopContact.phone}</a>
              </li>
              <li>
                <MailIcon width={16} height={16} />
                <a href={`mailto:${shopContact.email}`}>{shopContact.email}</a>
              </li>
            </ul>
          </section>
          <section className="col-12 col-lg-3" aria-labelledby="footer-apps">
            <h2 id="footer-apps" className="site-footer__title">
              Get our app
            </h2>
            <AppStoreLinks />
          </section>
        </div>
        <div className="site-footer__bottom">
          <ul
            className="list-unstyled d-flex flex-wrap gap-2 mb-0"
            aria-label="Accepted payment methods"
          >
            {paymentMethods.map(([file, name]) => (
              <li key={file}>
                <img
                  src={`/payment/${file}.svg`}
                  alt={name}
                  width={50}
                  height={32}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
          <p className="mb-0">Org. nr. {shopContact.organisationNumber}</p>
          <p className="mb-0">
            © {new Date().getFullYear()} {shopContact.name} AS. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
