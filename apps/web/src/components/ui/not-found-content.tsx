import { Link } from 'react-router';
import { notFoundText } from './not-found-text.js';

/** The not-found illustration linking to / (NOTFOUND-02); also shown for an unknown product. */
export function NotFoundContent() {
  return (
    <div className="container py-5 text-center">
      <Link to="/" className="d-inline-block">
        <img
          src="/not-found.svg"
          alt={notFoundText.imageAlt}
          width={480}
          height={320}
          className="img-fluid"
        />
      </Link>
      <h1 className="h3 mt-4">{notFoundText.heading}</h1>
      <p className="text-body-secondary mx-auto" style={{ maxWidth: '32rem' }}>
        {notFoundText.body}
      </p>
    </div>
  );
}
