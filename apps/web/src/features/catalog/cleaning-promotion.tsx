import { Link } from 'react-router';
import { CheckIcon } from '../../components/ui/icons.js';
import { StaticIsland } from '../../components/ui/static-island.js';
import { RichText, useLocale } from '../../lib/i18n.js';
import { useCatalogText } from './catalog-i18n.js';

const services = [
  'catalog.cleaning.house',
  'catalog.cleaning.moving',
  'catalog.cleaning.office',
  'catalog.cleaning.window',
  'catalog.cleaning.floor',
  'catalog.cleaning.hospitality',
] as const;

/** The cleaning business on the home page (HOME-09..12): text and a link, never hydrated. */
export function CleaningPromotion() {
  const t = useCatalogText();
  const locale = useLocale();
  return (
    <section className="cleaning-promo" aria-labelledby="cleaning-promo-title">
      <StaticIsland
        name="cleaning-promotion"
        className="row g-4 align-items-center"
        deps={[locale]}
      >
        <div className="col-lg-6">
          <p className="cleaning-promo__years">
            <RichText id="catalog.cleaning.years" components={{ 0: <strong /> }} />
          </p>
          <h2 id="cleaning-promo-title">{t('catalog.cleaning.title')}</h2>
          <p>{t('catalog.cleaning.guarantee')}</p>
          <Link to="/cleaning" className="btn btn-primary btn-lg">
            {t('catalog.cleaning.view')}
          </Link>
        </div>
        <div className="col-lg-6">
          <ul className="cleaning-promo__services" aria-label={t('catalog.cleaning.list')}>
            {services.map((service) => (
              <li key={service}>
                <CheckIcon />
                {t(service)}
              </li>
            ))}
          </ul>
        </div>
      </StaticIsland>
    </section>
  );
}
