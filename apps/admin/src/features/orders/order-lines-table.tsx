import type { AdminOrder } from '@shop/shared';
import Table from 'react-bootstrap/Table';
import { variantLabel } from '../../lib/format.js';
import { RichText, useFormat, useT } from '../../lib/i18n.js';
import { previewUrl } from '../../lib/image-url.js';
import type en from './i18n/en.json';
import { orderSums, shippingRows } from './order-sums.js';

/**
 * The lines as they were bought (the snapshot stays when the product changes or goes); once part
 * of the order has left ahead of the rest, how many of each have been sent (issue 32.3).
 */
export function OrderLinesTable({ order }: { order: AdminOrder }) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    // Relative, so the hidden "List price" label scrolls with the table instead of widening
    // the page on a phone.
    <Table responsive className="table-admin align-middle mb-0 position-relative">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('orders.lines.image')}</span>
          </th>
          <th scope="col">{t('orders.lines.product')}</th>
          <th scope="col" className="text-end">
            {t('orders.lines.qty')}
          </th>
          <th scope="col" className="text-end">
            {t('orders.lines.returned')}
          </th>
          <th scope="col" className="text-end">
            {t('orders.lines.unitPrice')}
          </th>
          <th scope="col" className="text-end">
            {t('orders.lines.vat')}
          </th>
          <th scope="col" className="text-end">
            {t('orders.lines.lineTotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => {
          const variants = variantLabel(line.variants, t('common.singleItem'));
          return (
            <tr key={line.id}>
              <td style={{ width: 56 }}>
                <img
                  src={previewUrl(line.image)}
                  alt=""
                  width={48}
                  height={48}
                  className="rounded object-fit-cover"
                />
              </td>
              <td className="order-line-product">
                {line.name}
                <div className="small text-body-secondary">
                  {line.sku ? (
                    <RichText<typeof en>
                      id="orders.lines.sku"
                      values={{ variants, sku: line.sku }}
                      components={{ 0: <span className="font-monospace" /> }}
                    />
                  ) : (
                    t('orders.lines.gone', { variants })
                  )}
                </div>
                {order.shipments.length > 0 && (
                  <div className="small">
                    {t('orders.lines.shipped', {
                      shipped: line.shippedQuantity,
                      quantity: line.quantity,
                    })}
                  </div>
                )}
              </td>
              <td className="text-end">{line.quantity}</td>
              <td className="text-end">{line.returnedQuantity || '–'}</td>
              <td className="text-end text-nowrap">
                {format.ore(line.unitPriceOre)}
                {line.listPriceOre !== line.unitPriceOre && (
                  <div className="small text-body-secondary text-decoration-line-through">
                    <span className="visually-hidden">{t('orders.lines.listPrice')} </span>
                    {format.ore(line.listPriceOre)}
                  </div>
                )}
              </td>
              <td className="text-end text-nowrap">
                {t('orders.lines.vatPercent', { rate: line.vatPercent })}
              </td>
              <td className="text-end text-nowrap">{format.ore(line.lineTotalOre)}</td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

const rowLooks = {
  plain: '',
  total: 'fw-bold',
  aside: 'small text-body-secondary',
  refund: 'text-danger',
} as const;

/** One label and amount, in its own div (which a <dl> allows) so the amounts line up right. */
function TotalRow({
  label,
  ore,
  look = 'plain',
}: {
  label: string;
  ore: number;
  look?: keyof typeof rowLooks;
}) {
  const format = useFormat();
  return (
    <div className={`d-flex justify-content-between gap-3 ${rowLooks[look]}`}>
      <dt>{label}</dt>
      <dd className="mb-0 text-nowrap">{format.ore(ore)}</dd>
    </div>
  );
}

/**
 * The sums under the lines: the lines as sold, the coupon, shipping, the total with its VAT per
 * rate, and what was refunded.
 */
export function OrderTotals({ order }: { order: AdminOrder }) {
  const t = useT<typeof en>();
  const { linesOre, productDiscountOre, couponOre } = orderSums(order);
  return (
    <dl className="order-totals mb-0 ms-auto">
      <TotalRow label={t('orders.totals.items')} ore={linesOre} />
      {productDiscountOre > 0 && (
        <TotalRow
          label={t('orders.totals.productDiscounts')}
          ore={productDiscountOre}
          look="aside"
        />
      )}
      {couponOre > 0 && (
        <TotalRow
          label={
            order.couponCode
              ? t('orders.totals.couponCode', { code: order.couponCode })
              : t('orders.totals.coupon')
          }
          ore={-couponOre}
        />
      )}
      {shippingRows(t, order).map((row) => (
        <TotalRow key={row.label} label={row.label} ore={row.ore} />
      ))}
      <TotalRow label={t('orders.totals.total')} ore={order.grandTotalOre} look="total" />
      {order.vatLines.map((vat) => (
        <TotalRow
          key={vat.rate}
          label={t('orders.totals.ofWhichVat', { rate: vat.rate })}
          ore={vat.amountOre}
          look="aside"
        />
      ))}
      {order.refundedOre > 0 && (
        <TotalRow label={t('orders.totals.refunded')} ore={-order.refundedOre} look="refund" />
      )}
    </dl>
  );
}
