import { productLookupSchema, type ProductRef } from '@shop/shared';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { api } from '../../lib/api-client.js';

/** Related products, found by typing part of a name; shown on the product page in this order. */
export function RelatedPicker({
  productId,
  related,
  onChange,
  error,
}: {
  productId: string | undefined;
  related: ProductRef[];
  onChange: (related: ProductRef[]) => void;
  error: string | undefined;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ProductRef[]>([]);
  useEffect(() => {
    const words = query.trim();
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
  }, [query]);
  const choices =
    query.trim().length < 2
      ? []
      : found.filter(
          (product) => product.id !== productId && !related.some((one) => one.id === product.id),
        );
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Related products</h2>
        {error && <div className="text-danger small mb-2">{error}</div>}
        <ul className="list-unstyled">
          {related.map((product) => (
            <li
              key={product.id}
              className="d-flex justify-content-between align-items-center border-bottom py-1"
            >
              <span>{product.name}</span>
              <Button
                size="sm"
                variant="link"
                className="text-danger"
                aria-label={`Remove ${product.name} from related products`}
                onClick={() => onChange(related.filter((one) => one.id !== product.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <Form.Control
          type="search"
          aria-label="Find a product to relate"
          placeholder="Type a product name…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        {choices.length > 0 && (
          <ListGroup className="mt-1">
            {choices.map((product) => (
              <ListGroup.Item
                key={product.id}
                action
                onClick={() => {
                  onChange([...related, product]);
                  setQuery('');
                }}
              >
                {product.name}
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
    </Card>
  );
}
