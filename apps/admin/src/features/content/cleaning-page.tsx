import { RichText, useT } from '../../lib/i18n.js';
import { EnquiryAddressCard } from './cleaning-enquiry-address.js';
import { GalleryPhotosSection } from './cleaning-photos.js';
import { ServiceTilesSection } from './cleaning-services.js';
import type en from './i18n/en.json';

/** Storefront → Cleaning page: its service tiles, its gallery and where its enquiries go. */
export default function CleaningPage() {
  const t = useT<typeof en>();
  return (
    <>
      <h1 className="h3 mb-1">{t('content.cleaning.title')}</h1>
      <p className="text-body-secondary">
        <RichText<typeof en>
          id="content.cleaning.help"
          components={{ 0: <a href="/cleaning" target="_blank" rel="noreferrer" /> }}
        />
      </p>
      <EnquiryAddressCard />
      <ServiceTilesSection />
      <GalleryPhotosSection />
    </>
  );
}
