import { useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { CleaningGallery } from './cleaning-gallery.js';
import { cleaningText } from './cleaning-text.js';
import { EnquiryModal } from './enquiry-modal.js';
import { ServicePicture } from './service-icons.js';

/** The cleaning business's page (CLEAN-01..08): hero, services, gallery and the enquiry. */
export default function CleaningPage() {
  useDocumentTitle(cleaningText.title);
  const [enquiryOpen, setEnquiryOpen] = useState(false);

  return (
    <div className="container py-4 py-md-5">
      <section className="cleaning-promo mt-0" aria-labelledby="cleaning-hero-title">
        <p className="cleaning-promo__years">
          <strong>{cleaningText.yearsCount}</strong> {cleaningText.years}
        </p>
        <h1 id="cleaning-hero-title">{cleaningText.heading}</h1>
        <p className="lead fs-6" style={{ maxWidth: '48rem' }}>
          {cleaningText.intro}
        </p>
        <p className="fw-semibold" style={{ maxWidth: '48rem' }}>
          {cleaningText.guarantee}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          aria-haspopup="dialog"
          onClick={() => setEnquiryOpen(true)}
        >
          {cleaningText.contactUs}
        </button>
      </section>

      <section className="my-5" aria-labelledby="cleaning-services-title">
        <h2 id="cleaning-services-title" className="h3 mb-3">
          {cleaningText.servicesHeading}
        </h2>
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled mb-0">
          {cleaningText.services.map((service) => (
            <li key={service.name} className="col">
              <div className="card h-100 border-0 shadow-sm">
                <div className="card-body">
                  <div className="text-primary mb-2">
                    <ServicePicture service={service.name} />
                  </div>
                  <h3 className="h6 card-title">{service.name}</h3>
                  <p className="card-text small text-body-secondary mb-0">{service.description}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <CleaningGallery />

      <EnquiryModal show={enquiryOpen} onClose={() => setEnquiryOpen(false)} />
    </div>
  );
}
