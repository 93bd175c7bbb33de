import { zodResolver } from '@hookform/resolvers/zod';
import {
  deliveryMoveRequestSchema,
  type AdminOrder,
  type DeliveryMoveRequest,
  type DeliveryStatus,
} from '@shop/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { FormField } from '../../components/form-field.js';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { ApiError } from '../../lib/api-error.js';
import { FormDialog } from '../../components/form-dialog.js';
import { useMoveDelivery } from './api.js';
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
  const moveDelivery = useMoveDelivery(order.id);
  const [busy, setBusy] = useState(false);
  const [shipping, setShipping] = useState(false);
  const move = async (to: DeliveryStatus) => {
    setBusy(true);
    try {
      await moveDelivery({ to });
      onMoved(`Order #${order.number} is ${stateLabel(to)}.`);
    } catch (error) {
      onFailed(error instanceof ApiError ? error.message : 'The order could not be moved.');
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
          Mark {stateLabel(to)}
          {to === 'SHIPPED' ? '…' : ''}
        </Button>
      ))}
      {shipping && (
        <ShipDialog
          order={order}
          onClose={(shipped) => {
            setShipping(false);
            if (shipped) onMoved(`Order #${order.number} is SHIPPED; the customer was mailed.`);
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
      title={`Ship order #${order.number}`}
      problem={problem}
      action={isSubmitting ? 'Shipping…' : 'Mark SHIPPED'}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose(false)}
    >
      <p className="text-body-secondary">
        The customer gets a mail with the carrier and the tracking number.
      </p>
      <FormField
        label="Carrier"
        placeholder="Posten, Bring, PostNord…"
        autoFocus
        registration={register('carrier')}
        error={errors.carrier}
      />
      <FormField
        label="Tracking number"
        registration={register('trackingNumber')}
        error={errors.trackingNumber}
      />
      <FormField
        label="Tracking link (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        registration={register('trackingUrl')}
        error={errors.trackingUrl}
      />
    </FormDialog>
  );
}
