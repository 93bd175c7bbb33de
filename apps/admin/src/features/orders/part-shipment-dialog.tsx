import { zodResolver } from '@hookform/resolvers/zod';
import {
  partShipmentRequestSchema,
  type AdminOrder,
  type DeliveryStatus,
  type OrderPaymentStatus,
} from '@shop/shared';
import { useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog } from '../../components/form-dialog.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { variantLabel } from '../../lib/format.js';
import { useFormat, useT, type Formats } from '../../lib/i18n.js';
import { useShipPart } from './api.js';
import { TrackingFields } from './delivery-actions.js';
import type en from './i18n/en.json';
import type { OrdersTranslate } from './order-states.js';

// The server takes part shipments only before the goods have all left, and only while there is
// a payment to capture from; this hides a button it would refuse.
const partShippable: readonly DeliveryStatus[] = ['PENDING', 'PACKED'];
const capturable: readonly OrderPaymentStatus[] = ['AUTHORISED', 'CHARGED'];

const unitsLeft = (line: AdminOrder['lines'][number]) => line.quantity - line.shippedQuantity;

/** Whether part of the order may leave now (issue 32.3): a home delivery with units not yet sent. */
export const canShipPart = (order: AdminOrder) =>
  order.deliveryMethod === 'home' &&
  partShippable.includes(order.deliveryStatus) &&
  capturable.includes(order.payment.status) &&
  order.lines.some((line) => unitsLeft(line) > 0);

/**
 * The form as typed, read as the request: the lines with units to ship now, and the carrier and
 * tracking by the shared rules, so their messages are the full shipment's.
 */
const shipmentForm = (leftById: ReadonlyMap<string, number>) =>
  z
    .object({
      lines: z.array(
        z
          .object({ orderLineId: z.string(), quantity: z.string() })
          .transform(({ orderLineId, quantity }, context) => {
            const units = quantity.trim() === '' ? 0 : Number(quantity);
            if (Number.isInteger(units) && units >= 0 && units <= (leftById.get(orderLineId) ?? 0))
              return { orderLineId, quantity: units };
            // The field shows its own sentence with the line's limit (`orders.partShip.quantity`).
            context.addIssue({ code: 'custom', path: ['quantity'], message: 'quantity' });
            return z.NEVER;
          }),
      ),
      carrier: partShipmentRequestSchema.shape.carrier,
      trackingNumber: partShipmentRequestSchema.shape.trackingNumber,
      trackingUrl: partShipmentRequestSchema.shape.trackingUrl,
    })
    .transform(({ lines, carrier, trackingNumber, trackingUrl }) => ({
      lines: lines.filter((line) => line.quantity > 0),
      carrier,
      trackingNumber,
      ...(trackingUrl ? { trackingUrl } : {}),
    }))
    .refine((body) => body.lines.length > 0, {
      // A key of the feature's catalogue: the dialog shows its problem in the staff member's words.
      error: 'orders.partShip.noLines',
      path: ['lines'],
    });

/** What the page says once part of the order has left: what the shipment captured. */
function shippedMessage(
  t: OrdersTranslate,
  format: Formats,
  before: AdminOrder,
  after: AdminOrder,
) {
  if (after.payment.status === 'CHARGE_FAILED')
    return {
      text: t('orders.partShip.captureFailed', {
        number: after.number,
        reason: after.payment.lastError ?? t('orders.order.noReason'),
      }),
      failed: true,
    };
  const captured = after.payment.capturedOre - before.payment.capturedOre;
  return {
    text:
      captured > 0
        ? t('orders.partShip.captured', { number: after.number, amount: format.ore(captured) })
        : t('orders.partShip.shipped', { number: after.number }),
    failed: false,
  };
}

/**
 * Some of a home delivery's units leave now, with their carrier and tracking (issue 32.3): a
 * number for each line not yet all sent, none by default, so only what is typed ships.
 */
export function PartShipmentDialog({
  order,
  onShipped,
  onClose,
}: {
  order: AdminOrder;
  onShipped: (message: string, failed: boolean) => void;
  onClose: () => void;
}) {
  const t = useT<typeof en>();
  const format = useFormat();
  const shipPart = useShipPart(order.id);
  const open = order.lines.filter((line) => unitsLeft(line) > 0);
  const schema = useMemo(
    () => shipmentForm(new Map(order.lines.map((line) => [line.id, unitsLeft(line)]))),
    [order.lines],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    reValidateMode: 'onSubmit',
    defaultValues: {
      lines: open.map((line) => ({ orderLineId: line.id, quantity: '0' })),
      carrier: '',
      trackingNumber: '',
      trackingUrl: '',
    },
  });
  const [problem, setProblem] = useState('');
  const submit = handleSubmit(async (body) => {
    try {
      const shipped = await shipPart(body);
      const { text, failed } = shippedMessage(t, format, order, shipped);
      onShipped(text, failed);
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['carrier', 'trackingNumber', 'trackingUrl']));
    }
  });
  return (
    <FormDialog
      id="part-shipment"
      title={t('orders.partShip.title', { number: order.number })}
      problem={errors.lines?.root?.message ?? problem}
      action={isSubmitting ? t('orders.ship.busy') : t('orders.partShip.action')}
      busy={isSubmitting}
      onSubmit={(event) => {
        setProblem('');
        void submit(event);
      }}
      onClose={onClose}
    >
      <p className="text-body-secondary">
        {order.payment.status === 'AUTHORISED'
          ? t('orders.partShip.introReserved')
          : t('orders.partShip.intro')}
      </p>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">{t('orders.partShip.units')}</legend>
        <ul className="list-unstyled mb-0">
          {open.map((line, index) => {
            const left = unitsLeft(line);
            const invalid = errors.lines?.[index]?.quantity !== undefined;
            const errorId = `part-shipment-${line.id}-error`;
            return (
              <li key={line.id} className="border-bottom py-2">
                <div className="d-flex align-items-center gap-2">
                  <div className="flex-grow-1 text-break" style={{ minWidth: 0 }}>
                    {line.name}
                    <div className="small text-body-secondary">
                      {t('orders.partShip.left', {
                        variants: variantLabel(line.variants, t('common.singleItem')),
                        left,
                        quantity: line.quantity,
                      })}
                    </div>
                  </div>
                  <Form.Control
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={left}
                    step={1}
                    className="flex-shrink-0"
                    style={{ width: '5rem' }}
                    aria-label={t('orders.partShip.unitsOf', { name: line.name })}
                    isInvalid={invalid}
                    aria-invalid={invalid}
                    aria-describedby={invalid ? errorId : undefined}
                    {...register(`lines.${index}.quantity`)}
                  />
                </div>
                {invalid && (
                  <div id={errorId} className="invalid-feedback d-block">
                    {t('orders.partShip.quantity', { left })}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <TrackingFields register={register} errors={errors} />
    </FormDialog>
  );
}
