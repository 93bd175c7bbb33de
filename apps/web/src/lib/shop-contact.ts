/** The company's public contact details, shown in the header, the footer and the chat link. */
export const shopContact = {
  name: 'Nordic Trading',
  phone: '+47 22 12 34 56',
  phoneHref: 'tel:+4722123456',
  email: 'post@nordictrading.no',
  location: 'Storgata 12, 0155 Oslo, Norway',
  /** When the shop is open for store pickup; placeholders until the owner's settings hold them. */
  openingHours: ['Monday–Friday 10:00–18:00', 'Saturday 10:00–16:00', 'Sunday closed'],
  organisationNumber: '923 456 789',
  chatUrl: 'https://wa.me/4722123456',
  appStoreUrl: 'https://apps.apple.com/no/app/nordic-trading/id6444123456',
  googlePlayUrl: 'https://play.google.com/store/apps/details?id=no.nordictrading.shop',
  facebookUrl: 'https://www.facebook.com/nordictrading.no',
  instagramUrl: 'https://www.instagram.com/nordictrading.no',
  youtubeUrl: 'https://www.youtube.com/@nordictrading',
} as const;
