import { zodResolver } from '@hookform/resolvers/zod';
import { REFUND_NOTE_MAX_LENGTH, type AdminOrder, type RefundResponse } from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.js';
import { variantLabel } from '../../lib/format.js';
import { RichText, useFormat, useMessage, useT, type Formats } from '../../lib/i18n.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { parseNokAmount } from '../../lib/nok-amount.js';
import { FormDialog } from '../../components/form-dialog.js';
import { useRefund } from './api.js';
import type en from './i18n/en.json';
import { stateLabel, type OrdersTranslate } from './order-states.js';

interface RefundDialogProps {
  order: AdminOrder;
  /** The refund was made: the page reloads the order and says so. */
  onRefunded: (message: string) => void;
  onClose: () => void;
}

/**
 * What can still be given back, as the server counts it: what was captured less what was
 * refunded, including an order still reserved whose shipped parts were captured (issue 32.3).
 */
export const refundableOre = (order: AdminOrder) =>
  order.payment.status === 'CANCELLED' || order.payment.status === 'REFUNDED'
    ? 0
    : Math.max(order.payment.capturedOre - order.refundedOre, 0);

/**
 * The key of the refund a dialog makes, one per opening: sending it again after a lost answer
 * or a second click answers the refund it made, never a second one.
 */
const useRefundKey = () => useState(newIdempotencyKey)[0];

/** What the dialog says when a refund was refused or its answer did not arrive. */
function refundProblem(t: OrdersTranslate, error: unknown, otherwise: string) {
  if (!(error instanceof ApiError)) return otherwise;
  // The key already made a refund with other values (the form was changed after an answer got
  // lost): sending again could never be right, the order's refunds say what happened.
  if (error.status === 422) return t('orders.refund.keyReused');
  return error.message;
}

const refundedMessage = (
  t: OrdersTranslate,
  format: Formats,
  order: AdminOrder,
  answer: RefundResponse,
) => t('orders.refund.made', { amount: format.ore(answer.refund.amountOre), number: order.number });

/** The server's answer once the refund is made: the amount it worked out, and what is left. */
function RefundDone({
  id,
  answer,
  onClose,
}: {
  id: string;
  answer: RefundResponse;
  onClose: () => void;
}) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={`${id}-title`}>
          {t('orders.refund.doneTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="success" className="mb-3">
          <RichText<typeof en>
            id="orders.refund.given"
            values={{
              amount: format.ore(answer.refund.amountOre),
              status: answer.refund.status,
              statusLabel: t('orders.refundStatus', { status: answer.refund.status }),
            }}
            components={{ 0: <strong /> }}
          />
        </Alert>
        <dl className="row mb-0">
          <dt className="col-7">{t('orders.refund.refundedInAll')}</dt>
          <dd className="col-5 text-end">{format.ore(answer.order.refundedOre)}</dd>
          <dt className="col-7">{t('orders.refund.refundable')}</dt>
          <dd className="col-5 text-end">{format.ore(answer.order.refundableOre)}</dd>
          <dt className="col-7">{t('orders.refund.payment')}</dt>
          <dd className="col-5 text-end">{stateLabel(t, answer.order.paymentStatus)}</dd>
        </dl>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose} autoFocus>
          {t('orders.refund.done')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function NoteField({
  id,
  registration,
}: {
  id: string;
  registration: UseFormRegisterReturn<'note'>;
}) {
  const t = useT<typeof en>();
  return (
    <Form.Group controlId={id}>
      <Form.Label>{t('orders.refund.note')}</Form.Label>
      <Form.Control as="textarea" rows={2} maxLength={REFUND_NOTE_MAX_LENGTH} {...registration} />
    </Form.Group>
  );
}

/** The lines typed in the return dialog, as the refund's request: those with units that came back. */
const returnForm = z
  .object({
    lines: z.array(
      z.object({ orderLineId: z.string(), quantity: z.string(), restock: z.boolean() }),
    ),
    note: z.string(),
  })
  .transform(({ lines, note }) => ({
    kind: 'return' as const,
    lines: lines.flatMap(({ orderLineId, quantity, restock }) => {
      const units = Number(quantity);
      return Number.isInteger(units) && units > 0
        ? [{ orderLineId, quantity: units, restock }]
        : [];
    }),
    note,
  }))
  .refine((body) => body.lines.length > 0, {
    // A key of the feature's catalogue: the dialog shows its problem in the staff member's words.
    error: 'orders.refund.noReturn',
    path: ['lines'],
  });

/**
 * Goods sent back: how many of each line, and whether they can be sold again. The server works
 * out the amount (each line at what it was paid, its share of a coupon taken off; never the
 * shipping) and the dialog shows its answer.
 */
export function ReturnDialog({ order, onRefunded, onClose }: RefundDialogProps) {
  const t = useT<typeof en>();
  const format = useFormat();
  const returnable = order.lines.filter((line) => line.quantity > line.returnedQuantity);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof returnForm>, unknown, z.output<typeof returnForm>>({
    resolver: zodResolver(returnForm),
    // As before the form library: a message stays until the next submit.
    reValidateMode: 'onSubmit',
    defaultValues: {
      lines: returnable.map((line) => ({ orderLineId: line.id, quantity: '0', restock: true })),
      note: '',
    },
  });
  const [problem, setProblem] = useState('');
  const [answer, setAnswer] = useState<RefundResponse>();
  const refundKey = useRefundKey();
  const refund = useRefund(order.id);
  if (answer) return <RefundDone id="return" answer={answer} onClose={onClose} />;

  const submit = handleSubmit(async (body) => {
    try {
      const made = await refund({ body, idempotencyKey: refundKey });
      setAnswer(made);
      onRefunded(refundedMessage(t, format, order, made));
    } catch (error) {
      setProblem(refundProblem(t, error, t('orders.refund.returnFailed')));
    }
  });
  return (
    <FormDialog
      id="return"
      size="lg"
      title={t('orders.refund.returnTitle', { number: order.number })}
      problem={errors.lines?.root?.message ?? problem}
      action={isSubmitting ? t('orders.refund.busy') : t('orders.refund.returnAction')}
      busy={isSubmitting}
      onSubmit={(event) => {
        setProblem('');
        void submit(event);
      }}
      onClose={onClose}
    >
      <p className="text-body-secondary">{t('orders.refund.returnIntro')}</p>
      <Table responsive size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">{t('orders.refund.product')}</th>
            <th scope="col">{t('orders.refund.returned')}</th>
            <th scope="col">{t('orders.refund.backToStock')}</th>
          </tr>
        </thead>
        <tbody>
          {returnable.map((line, index) => {
            const left = line.quantity - line.returnedQuantity;
            return (
              <tr key={line.id}>
                <td>
                  {line.name}
                  <div className="small text-body-secondary">
                    {t('orders.refund.canReturn', {
                      variants: variantLabel(line.variants, t('common.singleItem')),
                      left,
                      quantity: line.quantity,
                    })}
                  </div>
                </td>
                <td>
                  <Form.Control
                    type="number"
                    min={0}
                    max={left}
                    step={1}
                    style={{ width: '6rem' }}
                    aria-label={t('orders.refund.unitsReturned', { name: line.name })}
                    {...register(`lines.${index}.quantity`)}
                  />
                </td>
                <td>
                  <Form.Check
                    id={`restock-${line.id}`}
                    aria-label={t('orders.refund.restock', { name: line.name })}
                    {...register(`lines.${index}.restock`)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <p className="small text-body-secondary">{t('orders.refund.untick')}</p>
      <NoteField id="return-note" registration={register('note')} />
    </FormDialog>
  );
}

const goodwillForm = z.object({
  amount: z.string().transform((value, context) => {
    const parsed = parseNokAmount(value);
    if ('ore' in parsed) return parsed.ore;
    context.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }),
  note: z.string(),
});

/** An amount given back without goods, such as the shipping when the shop was at fault. */
export function GoodwillDialog({ order, onRefunded, onClose }: RefundDialogProps) {
  const t = useT<typeof en>();
  const format = useFormat();
  const message = useMessage();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof goodwillForm>, unknown, z.output<typeof goodwillForm>>({
    resolver: zodResolver(goodwillForm),
    // As before the form library: a message stays until the next submit.
    reValidateMode: 'onSubmit',
    defaultValues: { amount: '', note: '' },
  });
  const [problem, setProblem] = useState('');
  const [answer, setAnswer] = useState<RefundResponse>();
  const refundKey = useRefundKey();
  const refund = useRefund(order.id);
  if (answer) return <RefundDone id="goodwill" answer={answer} onClose={onClose} />;

  const submit = handleSubmit(async ({ amount, note }) => {
    try {
      const made = await refund({
        body: { kind: 'goodwill', amountOre: amount, note },
        idempotencyKey: refundKey,
      });
      setAnswer(made);
      onRefunded(refundedMessage(t, format, order, made));
    } catch (error) {
      setProblem(refundProblem(t, error, t('orders.refund.failed')));
    }
  });
  return (
    <FormDialog
      id="goodwill"
      title={t('orders.refund.goodwillTitle', { number: order.number })}
      problem={problem}
      action={isSubmitting ? t('orders.refund.busy') : t('orders.refund.action')}
      busy={isSubmitting}
      onSubmit={(event) => {
        setProblem('');
        void submit(event);
      }}
      onClose={onClose}
    >
      <Form.Group className="mb-3" controlId="goodwill-amount">
        <Form.Label>{t('orders.refund.amount')}</Form.Label>
        <Form.Control
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('orders.refund.amountPlaceholder')}
          autoFocus
          {...register('amount')}
          isInvalid={errors.amount !== undefined}
          aria-describedby="goodwill-amount-help"
        />
        <Form.Control.Feedback type="invalid">
          {errors.amount?.message && message(errors.amount.message)}
        </Form.Control.Feedback>
        <Form.Text id="goodwill-amount-help" muted>
          {t('orders.refund.atMost', { amount: format.ore(refundableOre(order)) })}
        </Form.Text>
      </Form.Group>
      <NoteField id="goodwill-note" registration={register('note')} />
    </FormDialog>
  );
}
