import { formatOrganisationNumber, shopAddressLine, type ShopDetails } from '@shop/shared';
import type { PolicyDocument } from './policy-document.js';

/** The page's text with the shop's details as the owner set them. */
export const termsText = (shop: ShopDetails): PolicyDocument => ({
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
});
