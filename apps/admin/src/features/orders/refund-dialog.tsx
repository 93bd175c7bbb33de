import {
  REFUND_NOTE_MAX_LENGTH,
  refundResponseSchema,
  type AdminOrder,
  type RefundRequest,
  type RefundResponse,
} from '@shop/shared';
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { api, ApiError } from '../../lib/api-client.js';
import { formatOre, variantLabel } from '../../lib/format.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { parseNokAmount } from '../../lib/nok-amount.js';
import { FormDialog } from '../../components/form-dialog.js';
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

async function sendRefund(order: AdminOrder, body: RefundRequest, idempotencyKey: string) {
  return api(`/api/admin/orders/${order.id}/refunds`, refundResponseSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

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
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>Note (optional, kept on the order)</Form.Label>
      <Form.Control
        as="textarea"
        rows={2}
        maxLength={REFUND_NOTE_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Group>
  );
}

interface ReturnLine {
  quantity: string;
  restock: boolean;
}

/**
 * Goods sent back: how many of each line, and whether they can be sold again. The server works
 * out the amount (each line at what it was paid, its share of a coupon taken off; never the
 * shipping) and the dialog shows its answer.
 */
export function ReturnDialog({ order, onRefunded, onClose }: RefundDialogProps) {
  const returnable = order.lines.filter((line) => line.quantity > line.returnedQuantity);
  const [lines, setLines] = useState<Record<string, ReturnLine>>(() =>
    Object.fromEntries(returnable.map((line) => [line.id, { quantity: '0', restock: true }])),
  );
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<RefundResponse>();
  const refundKey = useRefundKey();
  if (answer) return <RefundDone id="return" answer={answer} onClose={onClose} />;

  const change = (lineId: string, next: Partial<ReturnLine>) =>
    setLines((current) => ({
      ...current,
      [lineId]: { quantity: '0', restock: true, ...current[lineId], ...next },
    }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = returnable.flatMap((line) => {
      const entry = lines[line.id];
      const quantity = Number(entry?.quantity);
      return entry && Number.isInteger(quantity) && quantity > 0
        ? [{ orderLineId: line.id, quantity, restock: entry.restock }]
        : [];
    });
    if (chosen.length === 0) {
      setProblem('Enter how many came back of at least one line.');
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      const refund = await sendRefund(order, { kind: 'return', lines: chosen, note }, refundKey);
      setAnswer(refund);
      onRefunded(refundedMessage(order, refund));
    } catch (error) {
      setProblem(refundProblem(error, 'The return could not be registered.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      id="return"
      size="lg"
      title={`Register a return on order #${order.number}`}
      problem={problem}
      action={busy ? 'Refunding…' : 'Register return and refund'}
      busy={busy}
      onSubmit={(event) => void submit(event)}
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
          {returnable.map((line) => {
            const left = line.quantity - line.returnedQuantity;
            const entry = lines[line.id];
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
                    value={entry?.quantity ?? '0'}
                    onChange={(event) => change(line.id, { quantity: event.target.value })}
                  />
                </td>
                <td>
                  <Form.Check
                    id={`restock-${line.id}`}
                    aria-label={`Put ${line.name} back to stock`}
                    checked={entry?.restock ?? true}
                    onChange={(event) => change(line.id, { restock: event.target.checked })}
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
      <NoteField id="return-note" value={note} onChange={setNote} />
    </FormDialog>
  );
}

/** An amount given back without goods, such as the shipping when the shop was at fault. */
export function GoodwillDialog({ order, onRefunded, onClose }: RefundDialogProps) {
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<RefundResponse>();
  const refundKey = useRefundKey();
  if (answer) return <RefundDone id="goodwill" answer={answer} onClose={onClose} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const parsed = parseNokAmount(amount);
    if ('error' in parsed) {
      setAmountError(parsed.error);
      return;
    }
    setAmountError('');
    setBusy(true);
    try {
      const refund = await sendRefund(
        order,
        { kind: 'goodwill', amountOre: parsed.ore, note },
        refundKey,
      );
      setAnswer(refund);
      onRefunded(refundedMessage(order, refund));
    } catch (error) {
      setProblem(refundProblem(error, 'The refund could not be made.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      id="goodwill"
      title={`Refund an amount on order #${order.number}`}
      problem={problem}
      action={busy ? 'Refunding…' : 'Refund'}
      busy={busy}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <Form.Group className="mb-3" controlId="goodwill-amount">
        <Form.Label>Amount in NOK</Form.Label>
        <Form.Control
          inputMode="decimal"
          autoComplete="off"
          placeholder="149,50"
          autoFocus
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          isInvalid={amountError !== ''}
          aria-describedby="goodwill-amount-help"
        />
        <Form.Control.Feedback type="invalid">{amountError}</Form.Control.Feedback>
        <Form.Text id="goodwill-amount-help" muted>
          At most {formatOre(refundableOre(order))} can still be refunded. No goods go back to
          stock.
        </Form.Text>
      </Form.Group>
      <NoteField id="goodwill-note" value={note} onChange={setNote} />
    </FormDialog>
  );
}
