import { useUiText } from './ui-i18n.js';

/**
 * Grey cards in the grid's shape while products load, so the page does not jump: each has the
 * product card's square image, two-line name, price line and badge (see `.product-card__name`).
 */
export function ProductGridSkeleton({ count = 8, label }: { count?: number; label?: string }) {
  const t = useUiText();
  return (
    <div role="status" aria-label={label ?? t('ui.loadingProducts')}>
      <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled mb-0">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="col" aria-hidden="true">
            <div className="card product-card h-100 placeholder-glow">
              <div className="ratio ratio-1x1 placeholder bg-secondary-subtle rounded-top" />
              <div className="card-body">
                <p className="product-card__name">
                  <span className="placeholder col-9" />
                </p>
                <p className="product-card__price mb-2">
                  <span className="placeholder col-5" />
                </p>
                <span className="badge stock-badge placeholder col-4">&nbsp;</span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
