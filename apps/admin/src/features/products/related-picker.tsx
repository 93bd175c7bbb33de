import type { ProductRef } from '@shop/shared';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ProductSearch } from '../../components/product-search.js';

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
        <ProductSearch
          label="Find a product to relate"
          exclude={[...(productId ? [productId] : []), ...related.map((one) => one.id)]}
          onPick={(product) => onChange([...related, product])}
        />
      </Card.Body>
    </Card>
  );
}
