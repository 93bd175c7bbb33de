import { adminProductSchema, productLookupSchema, type ProductRef } from '@shop/shared';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { api } from '../../lib/api-client.js';
import { useApi } from '../../lib/use-api.js';

/**
 * The queue's product filter: the chosen product with a button that clears it, or a field that
 * finds products by part of their name.
 */
export function ProductFilter({
  productId,
  onChange,
}: {
  productId: string;
  onChange: (productId: string) => void;
}) {
  const chosen = useApi(
    productId ? `/api/admin/products/${productId}` : undefined,
    adminProductSchema,
  );
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ProductRef[]>([]);
  const words = query.trim();
  useEffect(() => {
    if (words.length < 2) return;
    const controller = new AbortController();
    // Waits for a pause in typing, so each key press is not a call.
    const timer = setTimeout(() => {
      api(`/api/admin/products/lookup?q=${encodeURIComponent(words)}`, productLookupSchema, {
        signal: controller.signal,
      }).then(setFound, () => setFound([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [words]);

  if (productId)
    return (
      <div className="d-flex align-items-center gap-2 border rounded px-2 h-100">
        <span className="text-truncate">
          <span className="text-body-secondary">Product:</span>{' '}
          {chosen.data?.name ?? (chosen.error ? 'not found' : '…')}
        </span>
        <Button
          variant="link"
          size="sm"
          className="ms-auto text-nowrap"
          onClick={() => onChange('')}
        >
          All products
        </Button>
      </div>
    );
  const choices = words.length < 2 ? [] : found;
  return (
    <div className="position-relative">
      <Form.Control
        type="search"
        aria-label="Product"
        placeholder="Any product (type to find one)"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <span className="visually-hidden" role="status">
        {words.length < 2
          ? ''
          : `${choices.length} product${choices.length === 1 ? '' : 's'} found`}
      </span>
      {choices.length > 0 && (
        <ListGroup className="position-absolute w-100 shadow z-3" aria-label="Products">
          {choices.slice(0, 8).map((product) => (
            <ListGroup.Item
              key={product.id}
              action
              onClick={() => {
                setQuery('');
                onChange(product.id);
              }}
            >
              {product.name}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}
