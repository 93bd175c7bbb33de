import { Link } from 'react-router';
import { CheckIcon } from '../../components/ui/icons.js';

const services = [
  'House Cleaning',
  'Moving-related Cleaning',
  'Office Cleaning',
  'Window Cleaning',
  'Floor Treatment',
  'Hospitality Cleaning',
];

/** The cleaning business on the home page (HOME-09..12). */
export function CleaningPromotion() {
  return (
    <section className="cleaning-promo" aria-labelledby="cleaning-promo-title">
      <div className="row g-4 align-items-center">
        <div className="col-lg-6">
          <p className="cleaning-promo__years">
            <strong>5</strong> years of experience
          </p>
          <h2 id="cleaning-promo-title">Professional cleaning services</h2>
          <p>
            Satisfaction guarantee: if you are not happy with the result, we return within 48 hours
            to finish the job at no extra cost.
          </p>
          <Link to="/cleaning" className="btn btn-primary btn-lg">
            View Services
          </Link>
        </div>
        <div className="col-lg-6">
          <ul className="cleaning-promo__services" aria-label="Cleaning services">
            {services.map((service) => (
              <li key={service}>
                <CheckIcon />
                {service}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
