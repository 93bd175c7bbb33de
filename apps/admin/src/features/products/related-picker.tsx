import type { ProductRef } from '@shop/shared';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { ProductSearch } from '../../components/product-search.js';
import { useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

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
  const t = useT<typeof en>();
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{t('products.related.title')}</h2>
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
                aria-label={t('products.related.removeLabel', { name: product.name })}
                onClick={() => onChange(related.filter((one) => one.id !== product.id))}
              >
                {t('products.related.remove')}
              </Button>
            </li>
          ))}
        </ul>
        <ProductSearch
          label={t('products.related.find')}
          exclude={[...(productId ? [productId] : []), ...related.map((one) => one.id)]}
          onPick={(product) => onChange([...related, product])}
        />
      </Card.Body>
    </Card>
  );
}
