import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { Loaded } from '../lib/use-api.js';

/**
 * What a page shows while its data loads or when it could not be loaded. The spinner shows only
 * until the first answer: a reload keeps the data on screen, so a list does not blink.
 */
export function PageState({ of }: { of: Loaded<unknown> }) {
  if (of.error)
    return (
      <Alert variant="danger" className="d-flex justify-content-between align-items-center">
        <span>{of.error}</span>
        <Button variant="outline-danger" size="sm" onClick={of.reload}>
          Try again
        </Button>
      </Alert>
    );
  if (of.loading && of.data === undefined)
    return (
      <div className="d-flex justify-content-center p-4">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading…</span>
        </Spinner>
      </div>
    );
  return null;
}
