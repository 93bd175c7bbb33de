import { useUiText } from './ui-i18n.js';

/** 'IN STOCK' or 'OUT OF STOCK', as the product card and the product page show it. */
export function StockBadge({ stock }: { stock: number }) {
  const t = useUiText();
  return stock > 0 ? (
    <span className="badge stock-badge stock-badge--in">{t('ui.stock.in')}</span>
  ) : (
    <span className="badge stock-badge stock-badge--out">{t('ui.stock.out')}</span>
  );
}
