import type { AdminPriceSale, PriceSaleStatus } from '@shop/shared';
import Badge from 'react-bootstrap/Badge';
import { useFormat, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';
import { saleStatusColours } from './sale-form.js';

/** Where a sale stands, as the list and the sale's page show it. */
export function SaleStatusBadge({ status }: { status: PriceSaleStatus }) {
  const t = useT<typeof en>();
  return (
    // White on Bootstrap's light blue is too faint to read.
    <Badge bg={saleStatusColours[status]} text={status === 'scheduled' ? 'dark' : undefined}>
      {t('promotions.sale.status', { status })}
    </Badge>
  );
}

/** "3 products, 5 items", with what the numbers mean for a sale not started. */
export function SaleCoverage({ sale }: { sale: AdminPriceSale }) {
  const t = useT<typeof en>();
  const counts = { products: sale.productCount, items: sale.itemCount };
  if (sale.status === 'scheduled') return <>{t('promotions.sale.coverageToday', counts)}</>;
  if (sale.appliedAt === null) return <>{t('promotions.sale.neverStarted')}</>;
  return <>{t('promotions.sale.coverage', counts)}</>;
}

/** A sale's discount, target and days in the staff member's words. */
export function useSaleWords() {
  const t = useT<typeof en>();
  const format = useFormat();
  return {
    /** "20 %", or for 0 what it does. */
    discount: (percent: number) => t('promotions.sale.discount', { percent }),
    /** What a sale is on: its category, or the chosen products. */
    target: (sale: Pick<AdminPriceSale, 'categoryId' | 'categoryName'>) =>
      sale.categoryId === null
        ? t('promotions.sale.chosenProducts')
        : sale.categoryName === null
          ? t('promotions.sale.aCategory')
          : t('promotions.sale.category', { name: sale.categoryName }),
    /** From when to when in Norway time; "now" and "no end" where it has none. */
    period: (sale: Pick<AdminPriceSale, 'startsAt' | 'endsAt'>) =>
      t('promotions.sale.period', {
        start: sale.startsAt === null ? t('promotions.sale.now') : format.dateTime(sale.startsAt),
        end: sale.endsAt === null ? t('promotions.sale.noEnd') : format.dateTime(sale.endsAt),
      }),
  };
}
