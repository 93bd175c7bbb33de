import type { AdminPriceSale, PriceSaleStatus } from '@shop/shared';
import Badge from 'react-bootstrap/Badge';
import { saleStatusColours, saleStatusNames } from './sale-form.js';

/** Where a sale stands, as the list and the sale's page show it. */
export function SaleStatusBadge({ status }: { status: PriceSaleStatus }) {
  return (
    // White on Bootstrap's light blue is too faint to read.
    <Badge bg={saleStatusColours[status]} text={status === 'scheduled' ? 'dark' : undefined}>
      {saleStatusNames[status]}
    </Badge>
  );
}

const counted = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** "3 products, 5 items", with what the numbers mean for a sale not started. */
export function SaleCoverage({ sale }: { sale: AdminPriceSale }) {
  const numbers = `${counted(sale.productCount, 'product')}, ${counted(sale.itemCount, 'item')}`;
  if (sale.status === 'scheduled') return <>{numbers} today</>;
  if (sale.appliedAt === null) return <>Never started</>;
  return <>{numbers}</>;
}
