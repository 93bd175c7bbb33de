import type { ReactNode } from 'react';
import { useCleaningServicesQuery } from './cleaning-api.js';
import { useCleaningText } from './cleaning-i18n.js';
import { ServicePicture } from './service-icons.js';

/** The page was drawn for twelve tiles (CLEAN-03); as many placeholders hold their place. */
const USUAL_TILES = 12;

const listClass = 'row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled mb-0';

function Tile({ picture, children }: { picture: ReactNode; children: ReactNode }) {
  return (
    <div className="card h-100 border-0 shadow-sm">
      <div className="card-body">
        <div className="text-primary mb-2" style={{ height: 32 }}>
          {picture}
        </div>
        {children}
      </div>
    </div>
  );
}

/**
 * The services the shop offers, as staff keep them in the back office (issue 14). While they
 * load, placeholder tiles of the same shape keep the page from jumping; the section is left
 * out when they cannot load.
 */
export function CleaningServices() {
  const t = useCleaningText();
  const { data: tiles, isError } = useCleaningServicesQuery(undefined);

  if (isError) return null;
  if (tiles?.length === 0) return null;

  return (
    <section className="my-5" aria-labelledby="cleaning-services-title">
      <h2 id="cleaning-services-title" className="h3 mb-3">
        {t('cleaning.services.heading')}
      </h2>
      {!tiles ? (
        <div role="status" aria-label={t('cleaning.services.loading')}>
          <ul className={listClass}>
            {Array.from({ length: USUAL_TILES }, (_, index) => (
              <li key={index} className="col placeholder-glow" aria-hidden="true">
                <Tile
                  picture={
                    <span className="placeholder rounded" style={{ width: 32, height: 32 }} />
                  }
                >
                  <h3 className="h6 card-title">
                    <span className="placeholder col-7" />
                  </h3>
                  <p className="card-text small mb-0">
                    <span className="placeholder col-12" />
                    <span className="placeholder col-9" />
                    {/* Four tiles a row leave room for fewer words a line: most take three. */}
                    <span className="placeholder col-6 d-none d-lg-inline-block" />
                  </p>
                </Tile>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <ul className={listClass}>
          {tiles.map((service, index) => (
            // Names may repeat (staff choose them); the order is the tiles' identity here.
            <li key={`${index}-${service.name}`} className="col">
              <Tile picture={<ServicePicture icon={service.icon} />}>
                <h3 className="h6 card-title">{service.name}</h3>
                <p className="card-text small text-body-secondary mb-0">{service.description}</p>
              </Tile>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
