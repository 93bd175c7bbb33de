import { shippingTexts } from '@shop/shared';

/**
 * The shipping and payment screens' own texts. The spec's messages, tooltip, placeholder and
 * success texts are kept word for word in `shippingTexts` (packages/shared) and used from there.
 */
export const checkoutText = {
  shippingTitle: 'Shipping',
  delivery: 'Delivery method',
  homeDelivery: 'Home Delivery',
  storePickup: 'Store Pickup',
  shippingDetails: 'Shipping Details',
  useMyDetails: 'Use my Address Details',
  lookingUpDetails: 'Loading your saved details…',
  noSavedAddress: 'You have no saved address yet. Please fill in the form.',
  savedAddressFailed: 'Your saved address could not be loaded. Please fill in the form.',
  pickupAt: 'Pick up your order at our store',
  openingHours: 'Opening hours',
  fullName: 'Full Name',
  phone: 'Phone Number',
  phoneHelp: shippingTexts.phoneTooltip,
  email: 'Email',
  address: 'Address line 1',
  apartmentNumber: 'Address line 2 (optional)',
  country: 'Country',
  chooseCountry: 'Choose a country',
  postalCode: 'Postal Code',
  postalCodePlaceholder: shippingTexts.postalCodePlaceholder,
  city: 'City',
  billingAddress: 'Billing Address',
  billingDetails: 'Billing Address Details',
  sameAsShipping: 'Same as Shipping Address',
  differentAddress: 'Use Different Address',
  proceed: 'Proceed to Checkout',
  orderSummary: 'Order summary',
  quantityTimesPrice: (qty: number, price: string) => `${qty} × ${price}`,
  checkoutTitle: 'Checkout',
  payment: 'Payment',
  paymentLoading: 'Loading the payment window…',
  placingOrder: 'Placing your order…',
  orderPlaced: shippingTexts.orderPlaced,
  pickupNotice: shippingTexts.pickupNotice,
  okay: 'Okay',
} as const;
