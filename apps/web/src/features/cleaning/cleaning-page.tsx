import { useState } from 'react';
import {
  absoluteImage,
  describe,
  pageTitle,
  SHOP_IMAGE,
  type PageHead,
  type PageRequest,
} from '../../lib/server-page.js';
import { RichText, translator } from '../../lib/i18n.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { cleaningApi } from './cleaning-api.js';
import { CleaningGallery } from './cleaning-gallery.js';
import { CleaningServices } from './cleaning-services.js';
import { useCleaningText, type CleaningKey } from './cleaning-i18n.js';
import { EnquiryModal } from './enquiry-modal.js';

/** The years of experience the cleaning business states (spec §9). */
const YEARS_OF_EXPERIENCE = 5;

/** The cleaning business's page (CLEAN-01..08): hero, services, gallery and the enquiry. */
export default function CleaningPage() {
  const t = useCleaningText();
  useDocumentTitle(t('cleaning.title'));
  const [enquiryOpen, setEnquiryOpen] = useState(false);

  return (
    <div className="container py-4 py-md-5">
      <section className="cleaning-promo mt-0" aria-labelledby="cleaning-hero-title">
        <p className="cleaning-promo__years">
          <RichText<CleaningKey>
            id="cleaning.years"
            values={{ years: YEARS_OF_EXPERIENCE }}
            components={{ 0: <strong /> }}
          />
        </p>
        <h1 id="cleaning-hero-title">{t('cleaning.heading')}</h1>
        <p className="lead fs-6" style={{ maxWidth: '48rem' }}>
          {t('cleaning.intro')}
        </p>
        <p className="fw-semibold" style={{ maxWidth: '48rem' }}>
          {t('cleaning.guarantee')}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          aria-haspopup="dialog"
          onClick={() => setEnquiryOpen(true)}
        >
          {t('cleaning.contactUs')}
        </button>
      </section>

      <CleaningServices />

      <CleaningGallery />

      <EnquiryModal show={enquiryOpen} onClose={() => setEnquiryOpen(false)} />
    </div>
  );
}

/**
 * The server's render of this page (issue 15): its tiles and photos fetched; its link preview
 * shows its first photo (issue 29.12), or the shop's picture while the gallery is empty.
 */
export async function loadPage({ dispatch, shop, origin, i18n }: PageRequest): Promise<PageHead> {
  const t = translator<CleaningKey>(i18n);
  const [, gallery] = await Promise.all([
    dispatch(cleaningApi.endpoints.cleaningServices.initiate(undefined)),
    dispatch(cleaningApi.endpoints.cleaningGallery.initiate(undefined)),
  ]);
  return {
    title: pageTitle(t('cleaning.title'), shop),
    description: describe(`${t('cleaning.heading')}. ${t('cleaning.intro')}`),
    canonicalPath: '/cleaning',
    image: absoluteImage(origin, gallery.data?.[0]?.image ?? SHOP_IMAGE),
  };
}
