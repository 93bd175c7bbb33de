import { zodResolver } from '@hookform/resolvers/zod';
import {
  CANCEL_REASON_MAX_LENGTH,
  cancelOrderRequestSchema,
  type AdminOrder,
  type CancelOrderRequest,
} from '@shop/shared';
import { FormField } from '../../components/form-field.js';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { formatOre } from '../../lib/format.js';
import { FormDialog } from '../../components/form-dialog.js';
import { useCancelOrder } from './api.js';

/**
 * Cancels the order before it leaves the shop: the money goes back (or the card reservation is
 * released), every unit goes back to stock and the customer is mailed.
 */
export function CancelDialog({
  order,
  onClose,
}: {
  order: AdminOrder;
  /** With what the server did, once the order is cancelled. */
  onClose: (done?: string) => void;
}) {
  const cancelOrder = useCancelOrder(order.id);
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<CancelOrderRequest>({
    resolver: zodResolver(cancelOrderRequestSchema),
    defaultValues: { reason: '' },
    fields: ['reason'],
    send: async (body) => {
      const answer = await cancelOrder(body);
      onClose(
        answer.refund
          ? `Order #${order.number} is cancelled; ${formatOre(answer.refund.amountOre)} was refunded.`
          : `Order #${order.number} is cancelled; the card reservation was released.`,
      );
    },
  });
  return (
    <FormDialog
      id="cancel"
      title={`Cancel order #${order.number}`}
      problem={problem}
      action={isSubmitting ? 'Cancelling…' : 'Cancel order'}
      busy={isSubmitting}
      danger
      dismiss="Keep order"
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <p>
        The customer gets their money back (or the card reservation is released), every unit goes
        back to stock, and the customer is mailed. This cannot be undone.
      </p>
      <FormField
        label="Reason"
        rows={3}
        autoFocus
        maxLength={CANCEL_REASON_MAX_LENGTH}
        registration={register('reason')}
        error={errors.reason}
        help="Required. Kept on the order’s timeline; not sent to the customer."
      />
    </FormDialog>
  );
}
