import { zodResolver } from '@hookform/resolvers/zod';
import {
  deliveryMoveRequestSchema,
  type AdminOrder,
  type DeliveryMoveRequest,
  type DeliveryStatus,
} from '@shop/shared';
import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import { FormField } from '../../components/form-field.js';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { ApiError } from '../../lib/api-error.js';
import { FormDialog } from '../../components/form-dialog.js';
import { useT } from '../../lib/i18n.js';
import { useMoveDelivery } from './api.js';
import type en from './i18n/en.json';
import { stateLabel } from './order-states.js';

/**
 * One button for each delivery state the order may move to now, as the server lists them.
 * SHIPPED asks for the carrier and tracking first, since the customer's mail carries them.
 */
export function DeliveryActions({
  order,
  onMoved,
  onFailed,
}: {
  order: AdminOrder;
  onMoved: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const t = useT<typeof en>();
  const moveDelivery = useMoveDelivery(order.id);
  const [busy, setBusy] = useState(false);
  const [shipping, setShipping] = useState(false);
  const move = async (to: DeliveryStatus) => {
    setBusy(true);
    try {
      await moveDelivery({ to });
      onMoved(t('orders.delivery.moved', { number: order.number, state: stateLabel(t, to) }));
    } catch (error) {
      onFailed(error instanceof ApiError ? error.message : t('orders.delivery.moveFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {order.allowedDeliveryMoves.map((to) => (
        <Button
          key={to}
          disabled={busy}
          onClick={() => (to === 'SHIPPED' ? setShipping(true) : void move(to))}
        >
          {to === 'SHIPPED'
            ? t('orders.delivery.markShipping', { label: stateLabel(t, to) })
            : t('orders.delivery.mark', { state: to, label: stateLabel(t, to) })}
        </Button>
      ))}
      {shipping && (
        <ShipDialog
          order={order}
          onClose={(shipped) => {
            setShipping(false);
            if (shipped)
              onMoved(
                t('orders.delivery.shipped', {
                  number: order.number,
                  label: stateLabel(t, 'SHIPPED'),
                }),
              );
          }}
        />
      )}
    </>
  );
}

function ShipDialog({
  order,
  onClose,
}: {
  order: AdminOrder;
  onClose: (shipped: boolean) => void;
}) {
  const t = useT<typeof en>();
  const moveDelivery = useMoveDelivery(order.id);
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<DeliveryMoveRequest>({
    resolver: zodResolver(deliveryMoveRequestSchema),
    defaultValues: { to: 'SHIPPED', carrier: '', trackingNumber: '', trackingUrl: '' },
    fields: ['carrier', 'trackingNumber', 'trackingUrl'],
    send: async (body) => {
      await moveDelivery(body);
      onClose(true);
    },
  });
  return (
    <FormDialog
      id="ship"
      title={t('orders.ship.title', { number: order.number })}
      problem={problem}
      action={
        isSubmitting
          ? t('orders.ship.busy')
          : t('orders.delivery.mark', { state: 'SHIPPED', label: stateLabel(t, 'SHIPPED') })
      }
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose(false)}
    >
      <p className="text-body-secondary">{t('orders.ship.intro')}</p>
      <TrackingFields register={register} errors={errors} autoFocus />
    </FormDialog>
  );
}

type TrackingField = 'carrier' | 'trackingNumber' | 'trackingUrl';

/** The carrier, tracking number and tracking link of a shipment, whole or a part of it. */
export function TrackingFields({
  register,
  errors,
  autoFocus = false,
}: {
  register: (name: TrackingField) => UseFormRegisterReturn;
  errors: Partial<Record<TrackingField, FieldError>>;
  autoFocus?: boolean;
}) {
  const t = useT<typeof en>();
  return (
    <>
      <FormField
        label={t('orders.ship.carrier')}
        placeholder={t('orders.ship.carrierPlaceholder')}
        autoFocus={autoFocus}
        registration={register('carrier')}
        error={errors.carrier}
      />
      <FormField
        label={t('orders.ship.trackingNumber')}
        registration={register('trackingNumber')}
        error={errors.trackingNumber}
      />
      <FormField
        label={t('orders.ship.trackingUrl')}
        type="url"
        inputMode="url"
        placeholder={t('orders.ship.trackingUrlPlaceholder')}
        registration={register('trackingUrl')}
        error={errors.trackingUrl}
      />
    </>
  );
}
