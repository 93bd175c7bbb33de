import { enquiryTexts } from '@shop/shared';

/** The /cleaning page's and the enquiry modal's text, in one place so a translation can be added. */
export const cleaningText = {
  title: 'Cleaning Services',
  years: 'years of experience',
  yearsCount: '5',
  heading: 'Professional cleaning services',
  intro:
    'Homes, offices, warehouses, schools and hotels: a trained team cleans them thoroughly, with products that are kind to people and surfaces.',
  guarantee:
    'Satisfaction guarantee: if you are not happy with the result, we return within 48 hours to finish the job at no extra cost.',
  contactUs: 'Contact Us',
  servicesHeading: 'Our services',
  servicesLoading: 'Loading services',
  galleryHeading: 'Our work',
  galleryLoading: 'Loading photos',
  enquiry: {
    title: 'Cleaning Enquiry',
    close: 'Close',
    fullname: 'Full Name',
    email: 'Email',
    phone: 'Phone',
    message: 'Message (optional)',
    messageHint: 'Which service, where and when suits you.',
    /** The message's counter, as the review dialog's x/500. */
    messageCount: (length: number, max: number) => `${length}/${max}`,
    send: 'Send',
    sending: 'Sending',
    okay: 'okay',
    ...enquiryTexts,
  },
} as const;
