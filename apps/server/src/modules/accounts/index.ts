/** The accounts module's public face: the only file other modules and app.ts import. */
export { AccountsService } from './accounts.service.js';
export { registerAuthentication } from './authenticate.js';
export { removeExpiredAccountTokens } from './expired-tokens.js';
export { GUEST_LIFETIME_MS, removeIdleGuests } from './idle-guests.js';
export { loadSigningKey, SessionTokens } from './session-tokens.js';
export {
  contactOf,
  createOwnerAccount,
  customerAccount,
  type CustomerAccount,
  type CustomerOrders,
  findAccountForOwner,
  grantOwnerRole,
  hasAccount,
  joinStaff,
  leaveStaff,
  linkedSignIns,
  listCustomerAccounts,
  localeOfAddress,
  localeOfUser,
  lockedOwnerCount,
  type SavedAddresses,
  savedAddressesOf,
  saveUserAddresses,
  setCustomerBlock,
  setStaffRole,
  setUserLocale,
  staffAccount,
  type StaffAccount,
  staffAccounts,
  staffAccountWithEmail,
  staffByCredentials,
  userContacts,
  userMatches,
  userNames,
} from './users.service.js';
export { wishlistEntries } from './wishlist.service.js';
export { accountsModule } from './accounts.module.js';
