import { formatOrganisationNumber, type ShopDetails } from '@shop/shared';
import type { PolicyDocument } from './policy-document.js';

/** The page's text with the shop's details as the owner set them. */
export const privacyText = (shop: ShopDetails): PolicyDocument => ({
  title: 'Data Safety and Privacy Statement',
  updated: 'Last updated: 1 January 2025',
  intro: [
    `${shop.name} (organisation number ${formatOrganisationNumber(shop.organisationNumber)}) is the controller of the personal data processed in this web shop. We process personal data in line with the EU General Data Protection Regulation (GDPR) and the Norwegian Personal Data Act (personopplysningsloven).`,
  ],
  sections: [
    {
      heading: 'What we collect',
      points: [
        'Account details: name, e-mail address, password (stored only as a one-way hash), phone number and address.',
        'Order details: the products you buy, delivery and billing addresses, and payment references. Card numbers are handled by our payment provider and never reach us.',
        'Reviews and images you choose to publish, and enquiries you send us.',
        'Technical data needed to run the shop, such as your chosen currency and the contents of your cart, kept in your own browser.',
      ],
    },
    {
      heading: 'Why we process it, and on what legal basis',
      points: [
        'To deliver your order and handle returns and complaints: performance of the contract (GDPR article 6(1)(b)).',
        'To keep accounting records for five years as the Bookkeeping Act requires: legal obligation (article 6(1)(c)).',
        'To keep the shop secure and prevent fraud: legitimate interest (article 6(1)(f)).',
        'To send newsletters, only if you have asked for them: consent (article 6(1)(a)), which you may withdraw at any time.',
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'We share personal data only with those who help us run the shop: our payment provider, the carriers who deliver your parcels, and our hosting and e-mail providers. They process the data on our behalf under data processing agreements. We never sell personal data.',
        'Data is stored within the EU/EEA. If a provider processes data outside the EEA, we make sure a lawful transfer basis, such as the EU standard contractual clauses, is in place.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Account data is kept while you have an account. When you delete your account we erase your personal data, except what the law requires us to keep, such as accounting records.',
      ],
    },
    {
      heading: 'Cookies and local storage',
      paragraphs: [
        'The shop stores your sign-in, cart and currency in your browser so that they survive a reload. We use no advertising cookies. A sign-in through Google or Apple sets a short-lived cookie needed to complete the sign-in.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'All traffic is encrypted (HTTPS), passwords are stored as strong one-way hashes, and access to personal data is limited to the staff who need it.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        `You have the right to access, correct and delete your personal data, to restrict or object to its processing, and to data portability. Write to ${shop.email} and we will answer within 30 days. You may also complain to the Norwegian Data Protection Authority (Datatilsynet).`,
      ],
    },
  ],
});
