import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** What a page shows while its data loads or when it could not be loaded. */
export function PageState({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: string | undefined;
  onRetry: () => void;
}) {
  if (error)
    return (
      <Alert variant="danger" className="d-flex justify-content-between align-items-center">
        <span>{error}</span>
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  if (loading)
    return (
      <div className="d-flex justify-content-center p-4">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading…</span>
        </Spinner>
      </div>
    );
  return null;
}
