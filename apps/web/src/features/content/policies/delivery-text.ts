import { type ShopDetails } from '@shop/shared';
import type { PolicyDocument } from './policy-document.js';

/** The page's text with the shop's details as the owner set them. */
export const deliveryText = (shop: ShopDetails): PolicyDocument => ({
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
});
