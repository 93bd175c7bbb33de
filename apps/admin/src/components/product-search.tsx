import type { ProductRef } from '@shop/shared';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { useProductLookup } from '../lib/api.js';
import { useDebouncedValue } from '../lib/use-debounced-value.js';
import { useT } from '../lib/i18n.js';

/**
 * Finds products by part of their name, through the back office's product lookup; a click on
 * one picks it. Used wherever staff choose products: related products, a banner's products, a
 * slide's link, a sale's selection.
 */
export function ProductSearch({
  label,
  exclude,
  onPick,
  disabled = false,
}: {
  label: string;
  exclude: readonly string[];
  onPick: (product: ProductRef) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  // Waits for a pause in typing, so each key press is not a call.
  const lookup = useProductLookup(useDebouncedValue(query.trim(), 250));
  const found = lookup.data ?? [];
  const choices =
    query.trim().length < 2 ? [] : found.filter((product) => !exclude.includes(product.id));
  return (
    <div>
      <Form.Control
        type="search"
        aria-label={label}
        placeholder={t('common.typeProductName')}
        value={query}
        disabled={disabled}
        onChange={(event) => setQuery(event.target.value)}
      />
      {choices.length > 0 && (
        <ListGroup className="mt-1">
          {choices.map((product) => (
            <ListGroup.Item
              key={product.id}
              action
              onClick={() => {
                onPick(product);
                setQuery('');
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
