import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { useProductLookup } from '../../lib/api.js';
import { useT } from '../../lib/i18n.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { useProduct } from '../products/index.js';
import type en from './i18n/en.json';

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
  const t = useT<typeof en>();
  const chosen = useProduct(productId || undefined);
  const [query, setQuery] = useState('');
  const words = query.trim();
  // Waits for a pause in typing, so each key press is not a call.
  const found = useProductLookup(useDebouncedValue(words, 250)).data ?? [];

  if (productId)
    return (
      <div className="d-flex align-items-center gap-2 border rounded px-2 h-100">
        <span className="text-truncate">
          {t('reviews.filter.product', {
            name: chosen.data?.name ?? (chosen.error ? t('reviews.filter.notFound') : '…'),
          })}
        </span>
        <Button
          variant="link"
          size="sm"
          className="ms-auto text-nowrap"
          onClick={() => onChange('')}
        >
          {t('reviews.filter.all')}
        </Button>
      </div>
    );
  const choices = words.length < 2 ? [] : found;
  return (
    <div className="position-relative">
      <Form.Control
        type="search"
        aria-label={t('reviews.filter.label')}
        placeholder={t('reviews.filter.placeholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <span className="visually-hidden" role="status">
        {words.length < 2 ? '' : t('reviews.filter.found', { count: choices.length })}
      </span>
      {choices.length > 0 && (
        <ListGroup
          className="position-absolute w-100 shadow z-3"
          aria-label={t('reviews.filter.products')}
        >
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
