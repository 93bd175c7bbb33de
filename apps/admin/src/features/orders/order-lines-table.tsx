import type { AdminOrder } from '@shop/shared';
import Table from 'react-bootstrap/Table';
import { formatOre, variantLabel } from '../../lib/format.js';
import { previewUrl } from '../../lib/image-url.js';
import { orderSums, shippingRows } from './order-sums.js';

/** The lines as they were bought (the snapshot stays when the product changes or goes). */
export function OrderLinesTable({ order }: { order: AdminOrder }) {
  return (
    // Relative, so the hidden "List price" label scrolls with the table instead of widening
    // the page on a phone.
    <Table responsive className="table-admin align-middle mb-0 position-relative">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Image</span>
          </th>
          <th scope="col">Product</th>
          <th scope="col" className="text-end">
            Qty
          </th>
          <th scope="col" className="text-end">
            Returned
          </th>
          <th scope="col" className="text-end">
            Unit price
          </th>
          <th scope="col" className="text-end">
            VAT
          </th>
          <th scope="col" className="text-end">
            Line total
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
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
                {variantLabel(line.variants)}
                {line.sku ? (
                  <>
                    {' · SKU '}
                    <span className="font-monospace">{line.sku}</span>
                  </>
                ) : (
                  ' · item no longer exists'
                )}
              </div>
            </td>
            <td className="text-end">{line.quantity}</td>
            <td className="text-end">{line.returnedQuantity || '–'}</td>
            <td className="text-end text-nowrap">
              {formatOre(line.unitPriceOre)}
              {line.listPriceOre !== line.unitPriceOre && (
                <div className="small text-body-secondary text-decoration-line-through">
                  <span className="visually-hidden">List price </span>
                  {formatOre(line.listPriceOre)}
                </div>
              )}
            </td>
            <td className="text-end text-nowrap">{line.vatPercent} %</td>
            <td className="text-end text-nowrap">{formatOre(line.lineTotalOre)}</td>
          </tr>
        ))}
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
  return (
    <div className={`d-flex justify-content-between gap-3 ${rowLooks[look]}`}>
      <dt>{label}</dt>
      <dd className="mb-0 text-nowrap">{formatOre(ore)}</dd>
    </div>
  );
}

/**
 * The sums under the lines: the lines as sold, the coupon, shipping, the total with its VAT per
 * rate, and what was refunded.
 */
export function OrderTotals({ order }: { order: AdminOrder }) {
  const { linesOre, productDiscountOre, couponOre } = orderSums(order);
  return (
    <dl className="order-totals mb-0 ms-auto">
      <TotalRow label="Items" ore={linesOre} />
      {productDiscountOre > 0 && (
        <TotalRow label="Product discounts, in the prices" ore={productDiscountOre} look="aside" />
      )}
      {couponOre > 0 && (
        <TotalRow
          label={order.couponCode ? `Coupon ${order.couponCode}` : 'Coupon'}
          ore={-couponOre}
        />
      )}
      {shippingRows(order).map((row) => (
        <TotalRow key={row.label} label={row.label} ore={row.ore} />
      ))}
      <TotalRow label="Total" ore={order.grandTotalOre} look="total" />
      {order.vatLines.map((vat) => (
        <TotalRow
          key={vat.rate}
          label={`of which VAT ${vat.rate} %`}
          ore={vat.amountOre}
          look="aside"
        />
      ))}
      {order.refundedOre > 0 && (
        <TotalRow label="Refunded" ore={-order.refundedOre} look="refund" />
      )}
    </dl>
  );
}
