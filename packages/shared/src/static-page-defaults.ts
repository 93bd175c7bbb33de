import { apiDefaultLocale, type Locale } from './i18n/locale.js';
import type { ShopDetails } from './shop-details.js';
import { formatOrganisationNumber, shopAddressLine } from './shop-details-format.js';
import { norwegianTexts } from './static-page-defaults-nb.js';
import type { StaticPageSlug } from './static-pages.js';

/**
 * The default text of the storefront's static pages (spec §2 "Static pages", the policy facts of
 * §9), shown until the owner saves a page of their own in the back office and again after
 * "Restore the default text". Each is a function of the shop's details, so a page the owner never
 * edited follows a changed name, address or e-mail. The server answers it as HTML
 * (`GET /api/pages/{slug}`); it is here, beside the wire shapes, so the storefront's tests render
 * the very text the server sends. Kept as data, one entry per page and language: the bokmål in
 * `static-page-defaults-nb.ts` (issue 31.5).
 */

interface PageSection {
  heading: string;
  paragraphs?: string[];
  points?: string[];
}

export interface PageText {
  title: string;
  /** The policy's own date, part of its text: the owner changes it with the terms. */
  updated?: string;
  intro: string[];
  sections: PageSection[];
}

/** The page's title and text as HTML; the details are escaped, so any shop name is safe. */
export interface DefaultStaticPage {
  title: string;
  html: string;
}

const englishTexts: Record<StaticPageSlug, (shop: ShopDetails) => PageText> = {
  about: (shop) => ({
    title: 'About us',
    intro: [
      `${shop.name} is a small family-run trading company based in Norway. We bring together garments, handmade goods and natural products from the makers we know, and we import and export them ourselves, so that we can vouch for where every product comes from.`,
      'Alongside the shop we run a cleaning-services business for homes and workplaces. These are the things we do.',
    ],
    sections: [
      {
        heading: 'Ethnic Garments',
        paragraphs: [
          'Traditional clothing woven, printed and embroidered by hand: kurtas, saris, shawls and festive wear, chosen for their craft and made to be worn for years.',
        ],
      },
      {
        heading: 'Western Garments',
        paragraphs: [
          'Everyday and outdoor clothing in natural fibres such as wool, cotton and linen, with sizes and cuts for the Nordic climate.',
        ],
      },
      {
        heading: 'Handicrafts',
        paragraphs: [
          'Woodwork, metalwork, textiles and decorations made by artisans we work with directly, so that a fair share of the price reaches the maker.',
        ],
      },
      {
        heading: 'Health and Beauty',
        paragraphs: [
          'Soaps, oils and skin care made from simple ingredients, without unnecessary additives, and clearly labelled.',
        ],
      },
      {
        heading: 'Herbal Goods',
        paragraphs: [
          'Dried herbs, spices and herbal blends, packed in small batches to keep their aroma, with their origin stated on every pack.',
        ],
      },
      {
        heading: 'Honey',
        paragraphs: [
          'Raw and lightly filtered honey from small beekeepers, in varieties that change with the season and the flowers.',
        ],
      },
      {
        heading: 'Coffee and Tea',
        paragraphs: [
          'Single-origin coffee and loose-leaf tea, imported directly from growers and roasted or packed close to the day we ship it.',
        ],
      },
      {
        heading: 'Hemp Products',
        paragraphs: [
          'Durable bags, clothing and household goods made from hemp, one of the most sustainable fibres there is. All our hemp goods are free of THC and legal in Norway.',
        ],
      },
      {
        heading: 'Cleaning Services',
        paragraphs: [
          'House, office, moving-related and deep cleaning by a trained team with five years of experience. If you are not satisfied, we come back within 48 hours to put it right.',
        ],
      },
    ],
  }),
  terms: (shop) => ({
    title: 'Terms & Conditions',
    updated: 'Last updated: 1 January 2025',
    intro: [
      `These terms apply to every purchase a consumer makes in the ${shop.name} web shop. They follow Norwegian law, in particular the Consumer Purchases Act (forbrukerkjøpsloven), the Cancellation Act (angrerettloven), the E-commerce Act (ehandelsloven) and the Marketing Control Act (markedsføringsloven). Nothing in these terms limits the rights the law gives you as a consumer.`,
    ],
    sections: [
      {
        heading: 'The parties',
        paragraphs: [
          `The seller is ${shop.name}, ${shopAddressLine(shop)}, organisation number ${formatOrganisationNumber(shop.organisationNumber)}, e-mail ${shop.email}, telephone ${shop.phone}. The buyer is the consumer who places the order.`,
        ],
      },
      {
        heading: 'Prices and payment',
        paragraphs: [
          'All prices include VAT (merverdiavgift) and are stated in Norwegian kroner (NOK). When you choose another currency, amounts are converted for your information only; you are charged the amount shown at checkout.',
          'The total price, including delivery costs, is shown before you confirm the order. Payment is made by card through our payment provider when you place the order.',
        ],
      },
      {
        heading: 'The agreement',
        paragraphs: [
          'The agreement is binding when we confirm your order by e-mail. If the confirmation differs from your order, for example because of an obvious typing error in a price, we will contact you before anything is sent.',
        ],
      },
      {
        heading: 'Delivery',
        paragraphs: [
          'Goods in stock are dispatched within two working days. Delivery takes place no later than 30 days after the order, unless we have agreed on something else. We deliver within mainland Norway and to the countries offered at checkout. We do not deliver to Svalbard or Jan Mayen.',
        ],
      },
      {
        heading: 'Right of withdrawal',
        paragraphs: [
          'Under the Cancellation Act you may withdraw from the purchase within 14 days of receiving the goods, without giving a reason. The Return Policy explains how. Return shipping is paid by you.',
          'The right of withdrawal does not apply to custom-made or personalised goods, to perishable goods such as honey, coffee and tea once delivered, or to intimate and hygiene goods whose seal has been broken.',
        ],
      },
      {
        heading: 'Defects and complaints',
        paragraphs: [
          'If a product is faulty you may, under the Consumer Purchases Act, ask for repair or replacement, a price reduction, cancellation of the purchase and compensation. A complaint must be made within reasonable time after you discovered the defect; a complaint made within two months of discovery is always in time.',
          'The deadline for complaints is two years after you received the goods, or five years for goods meant to last considerably longer. We may make at most two repair attempts for the same defect; if the defect remains, you may choose a price reduction or cancel the purchase.',
        ],
      },
      {
        heading: 'Personal data',
        paragraphs: [
          'We process personal data only as described in our Data Safety and Privacy Statement.',
        ],
      },
      {
        heading: 'Disputes',
        paragraphs: [
          'Please contact us first; we want to solve every problem. If we cannot agree, you may bring the case to the Norwegian Consumer Authority (Forbrukertilsynet) and the Consumer Disputes Commission (Forbrukerklageutvalget), or use the EU online dispute resolution platform.',
        ],
      },
    ],
  }),
  refund: (shop) => ({
    title: 'Refund Policy',
    updated: 'Last updated: 1 January 2025',
    intro: [
      'This policy explains when and how we pay money back: after a withdrawal within 14 days, after a cancelled order, or after a justified complaint about a faulty product.',
    ],
    sections: [
      {
        heading: 'When you are refunded',
        paragraphs: [
          'Refunds are made within 7-10 working days after we have received the returned goods, or after you have shown that you sent them back, whichever comes first. A cancelled order that has not been dispatched is refunded within 7-10 working days of the cancellation.',
        ],
      },
      {
        heading: 'How you are refunded',
        paragraphs: [
          'We refund to the card you paid with, in Norwegian kroner. Your bank decides when the money shows on your account. You pay no fee for the refund.',
        ],
      },
      {
        heading: 'What is refunded',
        points: [
          'The price you paid for the returned goods, VAT included.',
          'Shipping fees are non-refundable, except where Norwegian law requires otherwise: when you withdraw from a whole order we refund the standard delivery cost, and for faulty or wrong goods we cover the shipping.',
          'Return shipping is paid by the customer.',
          'If returned goods have lost value because they were handled more than needed to examine them, we may deduct that loss.',
        ],
      },
      {
        heading: 'Goods that are not refunded',
        paragraphs: [
          'Custom-made goods, perishable goods and intimate goods with a broken seal cannot be returned and so are not refunded, unless they are faulty.',
        ],
      },
      {
        heading: 'Questions',
        paragraphs: [
          `Write to ${shop.email} or call ${shop.phone} with your order number, and we will tell you where your refund stands.`,
        ],
      },
    ],
  }),
  return: (shop) => ({
    title: 'Return Policy',
    updated: 'Last updated: 1 January 2025',
    intro: [
      'You may return goods bought in our web shop within 14 days of receiving them, under the Norwegian Cancellation Act (angrerettloven). This page explains how a return works.',
    ],
    sections: [
      {
        heading: 'The 14-day right of withdrawal',
        paragraphs: [
          'The 14 days start on the day you, or someone you name, receive the goods. For an order delivered in several parcels, they start when the last parcel arrives. You do not have to give a reason.',
        ],
      },
      {
        heading: 'How to return',
        points: [
          `Tell us within the 14 days by e-mail to ${shop.email}, with your order number. You may use the standard withdrawal form (angreskjema) or write in your own words.`,
          'Send the goods back within 14 days of telling us, well packed, to the address we give you in our reply.',
          'Return shipping is paid by the customer. Use a traceable service: the goods are your responsibility until they reach us.',
        ],
      },
      {
        heading: 'Condition of returned goods',
        paragraphs: [
          'You may examine the goods as you would in a shop. If they are returned used, damaged or without their original packaging, we may reduce the refund by the loss of value.',
        ],
      },
      {
        heading: 'Goods that cannot be returned',
        points: [
          'Custom-made or personalised goods, such as tailored garments or handicrafts made to your order.',
          'Perishable goods, such as honey, coffee, tea and herbal goods.',
          'Intimate and hygiene goods, such as underwear and opened health and beauty products, once their seal is broken.',
        ],
      },
      {
        heading: 'Your refund',
        paragraphs: [
          'We refund you within 7-10 working days after we have received the goods, to the card you paid with. The Refund Policy has the details.',
        ],
      },
      {
        heading: 'Faulty goods',
        paragraphs: [
          'A faulty product is not a withdrawal: it is a complaint under the Consumer Purchases Act. We then pay the return shipping. See our Terms & Conditions.',
        ],
      },
      {
        heading: 'Standard withdrawal form',
        paragraphs: [
          '(Fill in and return this form only if you wish to withdraw from the contract.)',
          `To: ${shop.name}, ${shopAddressLine(shop)}, org. no. ${formatOrganisationNumber(shop.organisationNumber)}, e-mail ${shop.email}`,
          'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods:',
        ],
        points: [
          'Ordered on (*) / received on (*):',
          'Order number:',
          'Name of consumer(s):',
          'Address of consumer(s):',
          'Signature of consumer(s) (only if this form is sent on paper):',
          'Date:',
          '(*) Delete as appropriate.',
        ],
      },
    ],
  }),
  privacy: (shop) => ({
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
  }),
  delivery: (shop) => ({
    title: 'Shipping and Delivery policy',
    updated: 'Last updated: 1 January 2025',
    intro: [
      'We pack and send every order from our warehouse in Norway. This page explains where we deliver, how long it takes and what it costs.',
    ],
    sections: [
      {
        heading: 'Dispatch',
        paragraphs: [
          'Orders for goods in stock are dispatched within two working days. You receive an e-mail when your parcel leaves us.',
        ],
      },
      {
        heading: 'Delivery times',
        points: [
          'Standard domestic shipping within Norway takes 3-5 working days after dispatch.',
          'Deliveries to other countries take longer, depending on the destination and customs.',
          'In every case delivery takes place within 30 days at most after your order. If we cannot deliver in time, we tell you, and you may cancel the order and get your money back.',
        ],
      },
      {
        heading: 'Where we deliver',
        paragraphs: [
          'We deliver to addresses in mainland Norway and to the countries offered at checkout. We do not deliver to Svalbard or Jan Mayen. You may also choose Store Pickup and collect the order from our store free of charge.',
        ],
      },
      {
        heading: 'Shipping cost',
        paragraphs: [
          'The shipping cost depends on the weight of the order and the delivery address, and is shown before you pay. All prices and shipping costs include VAT. Shipping fees are non-refundable, except where the law requires otherwise (see the Refund Policy).',
        ],
      },
      {
        heading: 'Receiving your parcel',
        paragraphs: [
          'Please check the parcel when it arrives. Visible damage should be reported to the carrier at once and to us within a reasonable time. If a parcel is lost on its way to you, we send a new one or refund you.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: [`Questions about a delivery: ${shop.email}, ${shop.phone}.`],
      },
    ],
  }),
};

/** Text as HTML text: the three characters that would start markup or an entity. */
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const paragraph = (value: string) => `<p>${escapeHtml(value)}</p>`;

/**
 * The policies number their sections ("1. The parties"); About's nine headings are the names of
 * its services, which its side list shows as they are.
 */
function pageHtml(page: PageText, numbered: boolean): string {
  return [
    ...(page.updated ? [`<p><em>${escapeHtml(page.updated)}</em></p>`] : []),
    ...page.intro.map(paragraph),
    ...page.sections.flatMap((section, index) => [
      `<h2>${escapeHtml(numbered ? `${index + 1}. ${section.heading}` : section.heading)}</h2>`,
      ...(section.paragraphs ?? []).map(paragraph),
      ...(section.points
        ? [`<ul>${section.points.map((point) => `<li>${escapeHtml(point)}</li>`).join('')}</ul>`]
        : []),
    ]),
  ].join('');
}

const texts: Record<Locale, Record<StaticPageSlug, (shop: ShopDetails) => PageText>> = {
  nb: norwegianTexts,
  en: englishTexts,
};

/**
 * The default title and HTML of a page in a language, with the shop's details as they are now;
 * without one it is the English the API answers when a request names no language.
 */
export function defaultStaticPage(
  slug: StaticPageSlug,
  shop: ShopDetails,
  locale: Locale = apiDefaultLocale,
): DefaultStaticPage {
  const page = texts[locale][slug](shop);
  return { title: page.title, html: pageHtml(page, slug !== 'about') };
}
