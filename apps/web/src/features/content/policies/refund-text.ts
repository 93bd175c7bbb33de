import { type ShopDetails } from '@shop/shared';
import type { PolicyDocument } from './policy-document.js';

/** The page's text with the shop's details as the owner set them. */
export const refundText = (shop: ShopDetails): PolicyDocument => ({
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
});
