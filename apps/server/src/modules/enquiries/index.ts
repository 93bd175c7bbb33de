/** The enquiries module's public face: the only file other modules and app.ts import. */
export { cleaningGallery, installCleaningPhotos } from './cleaning-gallery.js';
export { enquiriesFrom, forgetEnquiriesFrom, listEnquiries } from './enquiries.service.js';
export { enquiriesModule } from './enquiries.module.js';
