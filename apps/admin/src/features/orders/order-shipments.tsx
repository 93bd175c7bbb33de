import type { AdminOrder } from '@shop/shared';
import Table from 'react-bootstrap/Table';
import { useFormat, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/**
 * The parts of a home delivery that left before the rest (issue 32.3): when, which units, how
 * they travel and what each captured of the payment.
 */
export function ShipmentsTable({ order }: { order: AdminOrder }) {
  const t = useT<typeof en>();
  const format = useFormat();
  const lineName = (id: string) =>
    order.lines.find((line) => line.id === id)?.name ?? t('orders.refunds.item');
  return (
    <Table responsive size="sm" className="table-admin align-middle mb-0">
      <thead>
        <tr>
          <th scope="col">{t('orders.shipments.when')}</th>
          <th scope="col">{t('orders.shipments.what')}</th>
          <th scope="col">{t('orders.shipments.tracking')}</th>
          <th scope="col" className="text-end">
            {t('orders.shipments.captured')}
          </th>
          <th scope="col">{t('orders.refunds.by')}</th>
        </tr>
      </thead>
      <tbody>
        {order.shipments.map((shipment) => (
          <tr key={shipment.id}>
            <td className="small text-nowrap">{format.dateTime(shipment.createdAt)}</td>
            <td className="small">
              {shipment.lines.map((line) => (
                <div key={line.orderLineId}>
                  {t('orders.refunds.line', {
                    quantity: line.quantity,
                    name: lineName(line.orderLineId),
                  })}
                </div>
              ))}
            </td>
            <td className="small">
              {shipment.carrier}{' '}
              <span className="font-monospace text-break">{shipment.trackingNumber}</span>
              {shipment.trackingUrl && (
                <div>
                  <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                    {t('orders.order.track')}
                  </a>
                </div>
              )}
            </td>
            <td className="text-end text-nowrap">{format.ore(shipment.amountOre)}</td>
            <td className="small">{shipment.createdByEmail ?? t('orders.refunds.shop')}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
