import { type ShopDetails } from '@shop/shared';
import type { PolicyDocument } from './policy-document.js';

/** The page's text with the shop's details as the owner set them. */
export const returnText = (shop: ShopDetails): PolicyDocument => ({
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
  ],
});
