/** The settings module's public face: the only file other modules and app.ts import. */
export {
  cleaningEnquiryRecipient,
  getCleaningEnquiryAddress,
  getSetting,
  publicShopDetails,
  setSetting,
  updateCleaningEnquiryAddress,
} from './settings.service.js';
export { settingsModule } from './settings.module.js';
