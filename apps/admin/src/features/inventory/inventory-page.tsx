import { zodResolver } from '@hookform/resolvers/zod';
import {
  stockAdjustmentSchema,
  type InventoryItem,
  type StockAdjustmentRequest,
} from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { PageState } from '../../components/page-state.js';
import { SearchForm, SortHeader } from '../../components/search-form.js';
import { Pager } from '../../components/pager.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { shopDateTime } from '../../lib/dates.js';
import { variantLabel } from '../../lib/format.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useAdjustStock, useInventory, useSaveLimits, useStockLedger } from './api.js';

const reasonNames: Record<string, string> = {
  order: 'Order',
  cancellation: 'Cancellation',
  return: 'Return',
  received: 'Received goods',
  correction: 'Count correction',
  damaged: 'Damaged',
  import: 'Import',
};

function StockBadge({ item }: { item: InventoryItem }) {
  if (item.out) return <Badge bg="danger">Out of stock</Badge>;
  if (item.low)
    return (
      <Badge bg="warning" text="dark">
        Low
      </Badge>
    );
  return null;
}

/** Every item's stock and limits, filterable to the low and the sold out, with adjustments. */
export default function InventoryPage() {
  const { values, page, update } = useSearchState(['q', 'state', 'sort'] as const);
  const inventory = useInventory({ ...values, page, pageSize: 50 });
  const sendLimits = useSaveLimits();
  const [adjusting, setAdjusting] = useState<InventoryItem>();
  const [ledgerOf, setLedgerOf] = useState<InventoryItem>();
  const toast = useToast();

  const saveLimits = async (item: InventoryItem, body: Record<string, number | null>) => {
    try {
      await sendLimits({ itemId: item.itemId, body });
      toast(`${item.productName} (${item.sku}) saved.`);
    } catch (error) {
      toast(error instanceof ApiError ? error.message : 'That could not be saved.', 'danger');
    }
  };
  const sortBy = (column: 'name' | 'sku' | 'stock') =>
    update({ sort: values.sort === column ? `-${column}` : column });
  const sortMark = (column: string) =>
    values.sort === column ? 'ascending' : values.sort === `-${column}` ? 'descending' : undefined;
  const header = (column: 'name' | 'sku' | 'stock', label: string) => (
    <SortHeader label={label} direction={sortMark(column)} onSort={() => sortBy(column)} />
  );

  return (
    <>
      <h1 className="h3 mb-3">Inventory</h1>
      <SearchForm
        query={values.q}
        label="Search by product or SKU"
        placeholder="Product or SKU"
        onSearch={(q) => update({ q })}
        queryWidth={{ md: 6 }}
        buttonWidth={{ xs: 4, md: 3 }}
      >
        <Col xs={8} md={3}>
          <Form.Select
            aria-label="Stock"
            value={values.state || 'all'}
            onChange={(event) =>
              update({ state: event.target.value === 'all' ? '' : event.target.value })
            }
          >
            <option value="all">All items</option>
            <option value="low">Low or out of stock</option>
            <option value="out">Out of stock</option>
          </Form.Select>
        </Col>
      </SearchForm>
      <PageState of={inventory} />
      {inventory.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                {header('name', 'Product')}
                {header('sku', 'SKU')}
                {header('stock', 'Stock')}
                <th scope="col">Order limit</th>
                <th scope="col">Low at</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {inventory.data.items.map((item) => (
                <tr key={item.itemId}>
                  <td>
                    {item.productName}
                    <div className="small text-body-secondary">{variantLabel(item.variants)}</div>
                    {item.disabled && <Badge bg="secondary">Disabled</Badge>}
                  </td>
                  <td className="font-monospace small">{item.sku}</td>
                  <td>
                    <span className="fw-semibold me-2">{item.stock}</span>
                    <StockBadge item={item} />
                  </td>
                  <td>
                    <NumberCell
                      label={`Order limit of ${item.sku}`}
                      value={item.orderLimit}
                      onSave={(value) => saveLimits(item, { orderLimit: value ?? 1 })}
                    />
                  </td>
                  <td>
                    <NumberCell
                      label={`Low-stock threshold of ${item.sku}`}
                      value={item.lowStockThreshold}
                      placeholder={`${item.effectiveThreshold} (shop)`}
                      onSave={(value) => saveLimits(item, { lowStockThreshold: value })}
                    />
                  </td>
                  <td className="text-end text-nowrap">
                    <Button size="sm" onClick={() => setAdjusting(item)}>
                      Adjust
                    </Button>{' '}
                    <Button size="sm" variant="outline-secondary" onClick={() => setLedgerOf(item)}>
                      History
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={inventory.data.page}
            pageSize={inventory.data.pageSize}
            total={inventory.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
      {adjusting && <AdjustDialog item={adjusting} onClose={() => setAdjusting(undefined)} />}
      {ledgerOf && <LedgerDialog item={ledgerOf} onClose={() => setLedgerOf(undefined)} />}
    </>
  );
}

/** A number edited in place: saved when it loses focus or on Enter, if it changed. */
function NumberCell({
  label,
  value,
  placeholder,
  onSave,
}: {
  label: string;
  value: number | null;
  placeholder?: string;
  onSave: (value: number | null) => Promise<void>;
}) {
  const save = (text: string) => {
    const next = text.trim() === '' ? null : Number(text);
    if (next !== value) void onSave(next);
  };
  return (
    <Form.Control
      key={String(value)}
      size="sm"
      type="number"
      min={0}
      style={{ width: '7rem' }}
      aria-label={label}
      defaultValue={value ?? ''}
      placeholder={placeholder}
      onBlur={(event) => save(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save(event.currentTarget.value);
      }}
    />
  );
}

const adjustForm = z.object({
  mode: z.enum(['change', 'setTo']),
  amount: z
    .string()
    .trim()
    .regex(/^-?\d+$/, { error: 'Enter a whole number.' }),
  reason: z.enum(['received', 'correction', 'damaged']),
  note: z.string().max(500, { error: 'The note can be at most 500 characters.' }),
});
type AdjustForm = z.infer<typeof adjustForm>;

function AdjustDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const toast = useToast();
  const adjustStock = useAdjustStock();
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AdjustForm>({
    resolver: zodResolver(adjustForm),
    defaultValues: { mode: 'change', amount: '', reason: 'received', note: '' },
  });
  const mode = useWatch({ control, name: 'mode' });
  const submit = handleSubmit(async ({ mode: chosen, amount, reason, note }) => {
    setProblem('');
    const body: StockAdjustmentRequest =
      chosen === 'change'
        ? { change: Number(amount), reason, note }
        : { setTo: Number(amount), reason, note };
    const checked = stockAdjustmentSchema.safeParse(body);
    if (!checked.success) {
      setError('amount', { message: checked.error.issues[0]?.message ?? 'Not a valid change.' });
      return;
    }
    try {
      const result = await adjustStock({ itemId: item.itemId, body });
      toast(`Stock of ${item.sku} is now ${result.stock}.`);
      onClose();
    } catch (error) {
      const message = showServerErrors(error, setError, ['reason', 'note']);
      if (error instanceof ApiError && (error.fieldErrors.change ?? error.fieldErrors.setTo))
        setError('amount', { message: error.fieldErrors.change ?? error.fieldErrors.setTo });
      setProblem(message);
    }
  });
  return (
    <Modal show onHide={onClose} centered aria-labelledby="adjust-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="adjust-title">
            Adjust stock of {item.productName}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">
            {variantLabel(item.variants)} · SKU {item.sku} · now <strong>{item.stock}</strong> in
            stock
          </p>
          {problem && <Alert variant="danger">{problem}</Alert>}
          <Form.Group className="mb-3">
            <Form.Check
              inline
              type="radio"
              id="adjust-change"
              value="change"
              label="Add or take off"
              {...register('mode')}
            />
            <Form.Check
              inline
              type="radio"
              id="adjust-set"
              value="setTo"
              label="Set to a counted figure"
              {...register('mode')}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="adjust-amount">
            <Form.Label>
              {mode === 'change' ? 'Change (use − to take off)' : 'Counted stock'}
            </Form.Label>
            <Form.Control
              inputMode="numeric"
              autoFocus
              {...register('amount')}
              isInvalid={Boolean(errors.amount)}
            />
            <Form.Control.Feedback type="invalid">{errors.amount?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="adjust-reason">
            <Form.Label>Reason</Form.Label>
            <Form.Select {...register('reason')} isInvalid={Boolean(errors.reason)}>
              <option value="received">Received goods</option>
              <option value="correction">Count correction</option>
              <option value="damaged">Damaged</option>
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.reason?.message}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="adjust-note">
            <Form.Label>Note (optional)</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              {...register('note')}
              isInvalid={Boolean(errors.note)}
            />
            <Form.Control.Feedback type="invalid">{errors.note?.message}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            Save adjustment
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function LedgerDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const ledger = useStockLedger(item.itemId, page);
  return (
    <Modal show onHide={onClose} size="lg" centered aria-labelledby="ledger-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="ledger-title">
          Stock history of {item.productName} ({item.sku})
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <PageState of={ledger} />
        {ledger.data && (
          <>
            <Table responsive size="sm" className="align-middle">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Why</th>
                  <th scope="col" className="text-end">
                    Change
                  </th>
                  <th scope="col" className="text-end">
                    Before → after
                  </th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {ledger.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="text-nowrap">{shopDateTime(entry.at)}</td>
                    <td>
                      {reasonNames[entry.reason] ?? entry.reason}
                      {entry.note && <div className="small text-body-secondary">{entry.note}</div>}
                    </td>
                    <td className="text-end">
                      {entry.change > 0 ? `+${entry.change}` : entry.change}
                    </td>
                    <td className="text-end">
                      {entry.stockBefore} → {entry.stockAfter}
                    </td>
                    <td className="small">
                      {entry.actorEmail ?? (entry.orderId ? 'Shop (order)' : '—')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {ledger.data.entries.length === 0 && (
              <p className="text-body-secondary">No changes recorded yet.</p>
            )}
            <Pager
              page={ledger.data.page}
              pageSize={ledger.data.pageSize}
              total={ledger.data.total}
              onPage={setPage}
            />
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
