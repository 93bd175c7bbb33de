import { zodResolver } from '@hookform/resolvers/zod';
import {
  CANCEL_REASON_MAX_LENGTH,
  cancelOrderRequestSchema,
  type AdminOrder,
  type CancelOrderRequest,
} from '@shop/shared';
import { FormField } from '../../components/form-field.js';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { useFormat, useT } from '../../lib/i18n.js';
import { FormDialog } from '../../components/form-dialog.js';
import { useCancelOrder } from './api.js';
import type en from './i18n/en.json';

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
  const t = useT<typeof en>();
  const format = useFormat();
  const cancelOrder = useCancelOrder(order.id);
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<CancelOrderRequest>({
    resolver: zodResolver(cancelOrderRequestSchema),
    defaultValues: { reason: '' },
    fields: ['reason'],
    send: async (body) => {
      const answer = await cancelOrder(body);
      onClose(
        answer.refund
          ? t('orders.cancel.refunded', {
              number: order.number,
              amount: format.ore(answer.refund.amountOre),
            })
          : t('orders.cancel.released', { number: order.number }),
      );
    },
  });
  return (
    <FormDialog
      id="cancel"
      title={t('orders.cancel.title', { number: order.number })}
      problem={problem}
      action={isSubmitting ? t('orders.cancel.busy') : t('orders.cancel.action')}
      busy={isSubmitting}
      danger
      dismiss={t('orders.cancel.keep')}
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <p>{t('orders.cancel.intro')}</p>
      <FormField
        label={t('orders.cancel.reason')}
        rows={3}
        autoFocus
        maxLength={CANCEL_REASON_MAX_LENGTH}
        registration={register('reason')}
        error={errors.reason}
        help={t('orders.cancel.reasonHelp')}
      />
    </FormDialog>
  );
}
