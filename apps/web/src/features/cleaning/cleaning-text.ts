import { enquiryTexts } from '@shop/shared';

export interface CleaningService {
  /** Spelled as in the old product (CLEAN-03), misspellings included. */
  name: string;
  description: string;
}

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
  galleryHeading: 'Our work',
  galleryLoading: 'Loading photos',
  services: [
    {
      name: 'House Cleaning',
      description: 'Regular or one-off cleaning of every room, kitchen and bathroom included.',
    },
    {
      name: 'Moving-related Cleaning',
      description: 'A thorough clean when you move out or in, ready for the handover.',
    },
    {
      name: 'Deepclean',
      description: 'Top to bottom, behind and under: the corners an everyday clean misses.',
    },
    {
      name: 'Office Cleaning',
      description: 'Desks, meeting rooms and kitchens kept tidy, outside your working hours.',
    },
    {
      name: 'WareHouse Cleaning',
      description: 'Floors, racks and loading areas cleaned safely around your operations.',
    },
    {
      name: 'School/College Cleaning',
      description: 'Classrooms, corridors and washrooms cleaned for a healthy place to learn.',
    },
    {
      name: 'Window Cleaning',
      description: 'Streak-free windows, frames and sills, inside and out.',
    },
    {
      name: 'Floor Treatment',
      description: 'Scrubbing, polishing and protective coating for wood, vinyl and stone.',
    },
    {
      name: 'Daily Cleaing',
      description: 'A fixed daily round that keeps busy premises fresh every day.',
    },
    {
      name: 'Main Cleaning',
      description: 'The big seasonal clean of the whole home or building.',
    },
    {
      name: 'Hygene Cleaning',
      description: 'Disinfection of contact surfaces, washrooms and kitchens.',
    },
    {
      name: 'Hospitality Cleaning',
      description: 'Rooms, lobbies and dining areas of hotels and restaurants, guest-ready.',
    },
  ] satisfies CleaningService[],
  enquiry: {
    title: 'Cleaning Enquiry',
    close: 'Close',
    fullname: 'Full Name',
    email: 'Email',
    phone: 'Phone',
    message: 'Message (optional)',
    messageHint: 'Which service, where and when suits you.',
    send: 'Send',
    sending: 'Sending',
    okay: 'okay',
    ...enquiryTexts,
  },
} as const;
