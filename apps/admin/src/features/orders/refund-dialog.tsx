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
import { formatOre, variantLabel } from '../../lib/format.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { parseNokAmount } from '../../lib/nok-amount.js';
import { FormDialog } from '../../components/form-dialog.js';
import { useRefund } from './api.js';
import { stateLabel } from './order-states.js';

interface RefundDialogProps {
  order: AdminOrder;
  /** The refund was made: the page reloads the order and says so. */
  onRefunded: (message: string) => void;
  onClose: () => void;
}

/** What can still be given back, as the server counts it: what was paid less what was refunded. */
export const refundableOre = (order: AdminOrder) =>
  order.payment.status === 'CHARGED' || order.payment.status === 'PARTLY_REFUNDED'
    ? order.grandTotalOre - order.refundedOre
    : 0;

/**
 * The key of the refund a dialog makes, one per opening: sending it again after a lost answer
 * or a second click answers the refund it made, never a second one.
 */
const useRefundKey = () => useState(newIdempotencyKey)[0];

/** What the dialog says when a refund was refused or its answer did not arrive. */
function refundProblem(error: unknown, otherwise: string) {
  if (!(error instanceof ApiError)) return otherwise;
  // The key already made a refund with other values (the form was changed after an answer got
  // lost): sending again could never be right, the order's refunds say what happened.
  if (error.status === 422)
    return 'This dialog already made a refund with other values. Close it and check the order’s refunds before refunding again.';
  return error.message;
}

const refundedMessage = (order: AdminOrder, answer: RefundResponse) =>
  `${formatOre(answer.refund.amountOre)} refunded on order #${order.number}.`;

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
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id={`${id}-title`}>
          Refund made
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Alert variant="success" className="mb-3">
          <strong>{formatOre(answer.refund.amountOre)}</strong> was given back to the customer’s
          card
          {answer.refund.status === 'completed' ? '.' : ` (refund ${answer.refund.status}).`}
        </Alert>
        <dl className="row mb-0">
          <dt className="col-7">Refunded in all</dt>
          <dd className="col-5 text-end">{formatOre(answer.order.refundedOre)}</dd>
          <dt className="col-7">Can still be refunded</dt>
          <dd className="col-5 text-end">{formatOre(answer.order.refundableOre)}</dd>
          <dt className="col-7">Payment</dt>
          <dd className="col-5 text-end">{stateLabel(answer.order.paymentStatus)}</dd>
        </dl>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose} autoFocus>
          Done
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
  return (
    <Form.Group controlId={id}>
      <Form.Label>Note (optional, kept on the order)</Form.Label>
      <Form.Control as="textarea" rows={2} maxLength={REFUND_NOTE_MAX_LENGTH} {...registration} />
    </Form.Group>
  );
}

const noReturnMessage = 'Enter how many came back of at least one line.';

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
    error: noReturnMessage,
    path: ['lines'],
  });

/**
 * Goods sent back: how many of each line, and whether they can be sold again. The server works
 * out the amount (each line at what it was paid, its share of a coupon taken off; never the
 * shipping) and the dialog shows its answer.
 */
export function ReturnDialog({ order, onRefunded, onClose }: RefundDialogProps) {
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
      onRefunded(refundedMessage(order, made));
    } catch (error) {
      setProblem(refundProblem(error, 'The return could not be registered.'));
    }
  });
  return (
    <FormDialog
      id="return"
      size="lg"
      title={`Register a return on order #${order.number}`}
      problem={errors.lines?.root?.message ?? problem}
      action={isSubmitting ? 'Refunding…' : 'Register return and refund'}
      busy={isSubmitting}
      onSubmit={(event) => {
        setProblem('');
        void submit(event);
      }}
      onClose={onClose}
    >
      <p className="text-body-secondary">
        The refund is worked out by the shop from what each unit was paid (its share of a coupon
        taken off); shipping is not refunded for a return. You see the amount once it is made.
      </p>
      <Table responsive size="sm" className="align-middle">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Returned</th>
            <th scope="col">Back to stock</th>
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
                    {variantLabel(line.variants)} · {left} of {line.quantity} can be returned
                  </div>
                </td>
                <td>
                  <Form.Control
                    type="number"
                    min={0}
                    max={left}
                    step={1}
                    style={{ width: '6rem' }}
                    aria-label={`Units of ${line.name} returned`}
                    {...register(`lines.${index}.quantity`)}
                  />
                </td>
                <td>
                  <Form.Check
                    id={`restock-${line.id}`}
                    aria-label={`Put ${line.name} back to stock`}
                    {...register(`lines.${index}.restock`)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      <p className="small text-body-secondary">
        Untick “Back to stock” for damaged goods that cannot be sold again.
      </p>
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
      onRefunded(refundedMessage(order, made));
    } catch (error) {
      setProblem(refundProblem(error, 'The refund could not be made.'));
    }
  });
  return (
    <FormDialog
      id="goodwill"
      title={`Refund an amount on order #${order.number}`}
      problem={problem}
      action={isSubmitting ? 'Refunding…' : 'Refund'}
      busy={isSubmitting}
      onSubmit={(event) => {
        setProblem('');
        void submit(event);
      }}
      onClose={onClose}
    >
      <Form.Group className="mb-3" controlId="goodwill-amount">
        <Form.Label>Amount in NOK</Form.Label>
        <Form.Control
          inputMode="decimal"
          autoComplete="off"
          placeholder="149,50"
          autoFocus
          {...register('amount')}
          isInvalid={errors.amount !== undefined}
          aria-describedby="goodwill-amount-help"
        />
        <Form.Control.Feedback type="invalid">{errors.amount?.message}</Form.Control.Feedback>
        <Form.Text id="goodwill-amount-help" muted>
          At most {formatOre(refundableOre(order))} can still be refunded. No goods go back to
          stock.
        </Form.Text>
      </Form.Group>
      <NoteField id="goodwill-note" registration={register('note')} />
    </FormDialog>
  );
}
