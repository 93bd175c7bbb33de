import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import type { StaticPage } from '@shop/shared';
import { aboutLayout } from './about-sections.js';
import { useContentText } from './content-i18n.js';
import { staticPageLoader } from './static-page-api.js';
import { StaticPageFrame, StaticPageHtml } from './static-page-frame.js';

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
  // Listening from the start, before the text arrives, so no scroll goes unnoticed.
  const [scrolledPast, setScrolledPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolledPast(window.scrollY > SERVICES_BUTTON_OFFSET);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <StaticPageFrame slug="about">
      {(page) => <About page={page} showServicesButton={scrolledPast} />}
    </StaticPageFrame>
  );
}

// The server's render of this page (issue 15); its description is how the text opens.
export const loadPage = staticPageLoader(
  'about',
  '/about',
  (page) => aboutLayout(page.html, [SERVICES_LIST_ID]).introText,
);

/** The staff's text, its sections beside a side list of their headings (STATIC-06..09). */
function About({ page, showServicesButton }: { page: StaticPage; showServicesButton: boolean }) {
  const t = useContentText();
  const { intro, sections } = useMemo(
    () => aboutLayout(page.html, [SERVICES_LIST_ID]),
    [page.html],
  );

  const goTo = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    scrollToElement(id);
  };

  return (
    <div className="container py-4 py-md-5">
      <h1>{page.title}</h1>
      {intro && <StaticPageHtml html={intro} className="about-intro" />}
      {sections.length > 0 && (
        <div className="row g-4 mt-2">
          <nav
            id={SERVICES_LIST_ID}
            tabIndex={-1}
            aria-label={t('content.about.servicesHeading')}
            className="col-md-4 col-lg-3"
          >
            <div className="position-sticky" style={{ top: '1rem' }}>
              <h2 className="h6 text-uppercase text-body-secondary">
                {t('content.about.servicesHeading')}
              </h2>
              <ul className="list-group">
                {sections.map((section) => (
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
            {sections.map((section) => (
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
                <StaticPageHtml html={section.html} />
              </section>
            ))}
          </div>
        </div>
      )}
      {showServicesButton && sections.length > 0 && (
        <button
          type="button"
          className="btn btn-primary shadow services-button"
          onClick={() => scrollToElement(SERVICES_LIST_ID)}
        >
          {t('content.about.servicesButton')}
        </button>
      )}
    </div>
  );
}
