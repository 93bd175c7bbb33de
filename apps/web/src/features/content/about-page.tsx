import { useEffect, useState, type MouseEvent } from 'react';
import { useShopDetails } from '../../lib/shop-details.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { aboutText } from './about-text.js';

/** Beyond this many pixels of scrolling the floating 'Services' button appears (STATIC-09). */
export const SERVICES_BUTTON_OFFSET = 400;
const SERVICES_LIST_ID = 'about-services';

/** Scrolls smoothly to an element and moves the keyboard focus there too. */
function scrollToElement(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

export default function AboutPage() {
  useDocumentTitle(aboutText.title);
  const shopName = useShopDetails()?.name;
  const [showServicesButton, setShowServicesButton] = useState(false);

  useEffect(() => {
    const onScroll = () => setShowServicesButton(window.scrollY > SERVICES_BUTTON_OFFSET);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const goTo = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    scrollToElement(id);
  };

  return (
    <div className="container py-4 py-md-5">
      <h1>{aboutText.title}</h1>
      {shopName &&
        aboutText.intro(shopName).map((paragraph) => (
          <p key={paragraph} className="lead fs-6" style={{ maxWidth: '48rem' }}>
            {paragraph}
          </p>
        ))}
      <div className="row g-4 mt-2">
        <nav
          id={SERVICES_LIST_ID}
          tabIndex={-1}
          aria-label={aboutText.servicesHeading}
          className="col-md-4 col-lg-3"
        >
          <div className="position-sticky" style={{ top: '1rem' }}>
            <h2 className="h6 text-uppercase text-body-secondary">{aboutText.servicesHeading}</h2>
            <ul className="list-group">
              {aboutText.sections.map((section) => (
                <li key={section.id} className="list-group-item p-0">
                  <a
                    href={`#${section.id}`}
                    className="d-block px-3 py-2 text-decoration-none"
                    onClick={goTo(section.id)}
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <div className="col-md-8 col-lg-9">
          {aboutText.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              tabIndex={-1}
              aria-labelledby={`${section.id}-heading`}
              className="mb-4 pb-2 border-bottom"
              style={{ scrollMarginTop: '1rem' }}
            >
              <h2 id={`${section.id}-heading`} className="h4">
                {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
      {showServicesButton && (
        <button
          type="button"
          className="btn btn-primary shadow position-fixed"
          style={{ right: '1rem', bottom: '5rem', zIndex: 1030 }}
          onClick={() => scrollToElement(SERVICES_LIST_ID)}
        >
          {aboutText.servicesButton}
        </button>
      )}
    </div>
  );
}
