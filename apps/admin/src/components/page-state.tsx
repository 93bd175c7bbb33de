import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError } from '../lib/api-error.js';
import { useMessage, useT } from '../lib/i18n.js';

/** The parts of a query's state that say whether its page can show. */
export interface QueryState {
  data: unknown;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * What a page shows while its data loads or when it could not be loaded. The spinner shows only
 * until the first answer: a reload keeps the data on screen, so a list does not blink.
 */
export function PageState({ of }: { of: QueryState }) {
  const t = useT();
  const message = useMessage();
  if (of.error && !of.isFetching)
    return (
      <Alert variant="danger" className="d-flex justify-content-between align-items-center">
        <span>
          {of.error instanceof ApiError ? message(of.error.message) : t('common.pageNotLoaded')}
        </span>
        <Button variant="outline-danger" size="sm" onClick={() => void of.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Alert>
    );
  if (of.isFetching && of.data === undefined)
    return (
      <div className="d-flex justify-content-center p-4">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
        </Spinner>
      </div>
    );
  return null;
}
