/** The mobile 'More' menu's text and links, in one place so a translation can be added. */
export const moreText = {
  title: 'More',
  user: 'USER',
  login: 'Login',
  myAccount: 'My Account',
  logout: 'Logout',
  policies: 'POLICIES',
  about: 'ABOUT',
  aboutUs: 'About Us',
  downloadApp: 'Download our app',
  policyLinks: [
    { to: '/cleaning', label: 'Cleaning Facilities' },
    { to: '/terms-conditions', label: 'Terms & Conditions' },
    { to: '/privacy', label: 'Privacy Policy' },
    { to: '/return', label: 'Return Policy' },
    { to: '/refund', label: 'Refund Policy' },
    { to: '/delivery-terms-conditions', label: 'Delivery Terms and Condition' },
  ],
} as const;
