import { Link } from 'react-router';
import { useMessage } from '../../lib/i18n.js';
import { useUiText } from './ui-i18n.js';

/**
 * The not-found illustration linking to / (NOTFOUND-02); also shown for an unknown product, and
 * with the server's `message`, in the page's language, for a link that no longer opens its page
 * (a preview's, issue 34.4).
 */
export function NotFoundContent({ message }: { message?: string }) {
  const t = useUiText();
  const translated = useMessage();
  return (
    <div className="container py-5 text-center">
      <Link to="/" className="d-inline-block">
        <img
          src="/not-found.svg"
          alt={t('ui.notFound.imageAlt')}
          width={480}
          height={320}
          className="img-fluid"
        />
      </Link>
      <h1 className="h3 mt-4">{t('ui.notFound.title')}</h1>
      <p className="text-body-secondary mx-auto" style={{ maxWidth: '32rem' }}>
        {message ? translated(message) : t('ui.notFound.body')}
      </p>
    </div>
  );
}
