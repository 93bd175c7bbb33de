import { EnquiryAddressCard } from './cleaning-enquiry-address.js';
import { GalleryPhotosSection } from './cleaning-photos.js';
import { ServiceTilesSection } from './cleaning-services.js';

/** Storefront → Cleaning page: its service tiles, its gallery and where its enquiries go. */
export default function CleaningPage() {
  return (
    <>
      <h1 className="h3 mb-1">Cleaning page</h1>
      <p className="text-body-secondary">
        What the shop’s{' '}
        <a href="/cleaning" target="_blank" rel="noreferrer">
          cleaning page
        </a>{' '}
        shows, and where its enquiries are mailed. Changes show in the shop at once.
      </p>
      <EnquiryAddressCard />
      <ServiceTilesSection />
      <GalleryPhotosSection />
    </>
  );
}
