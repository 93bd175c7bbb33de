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
import { variantLabel } from '../../lib/format.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { RichText, useFormat, useMessage, useT } from '../../lib/i18n.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useAdjustStock, useInventory, useSaveLimits, useStockLedger } from './api.js';
import type en from './i18n/en.json';

type SortColumn = 'name' | 'sku' | 'stock';

/** The reasons staff may give; the others (an order, a return…) the shop books itself. */
const adjustReasons = ['received', 'correction', 'damaged'] as const;

function StockBadge({ item }: { item: InventoryItem }) {
  const t = useT<typeof en>();
  if (item.out) return <Badge bg="danger">{t('inventory.out')}</Badge>;
  if (item.low)
    return (
      <Badge bg="warning" text="dark">
        {t('inventory.low')}
      </Badge>
    );
  return null;
}

/** Every item's stock and limits, filterable to the low and the sold out, with adjustments. */
export default function InventoryPage() {
  const t = useT<typeof en>();
  const { values, page, update } = useSearchState(['q', 'state', 'sort'] as const);
  const inventory = useInventory({ ...values, page, pageSize: 50 });
  const sendLimits = useSaveLimits();
  const [adjusting, setAdjusting] = useState<InventoryItem>();
  const [ledgerOf, setLedgerOf] = useState<InventoryItem>();
  const toast = useToast();

  const saveLimits = async (item: InventoryItem, body: Record<string, number | null>) => {
    try {
      await sendLimits({ itemId: item.itemId, body });
      toast(t('inventory.saved', { product: item.productName, sku: item.sku }));
    } catch (error) {
      toast(error instanceof ApiError ? error.message : t('inventory.saveFailed'), 'danger');
    }
  };
  const sortBy = (column: SortColumn) =>
    update({ sort: values.sort === column ? `-${column}` : column });
  const sortMark = (column: string) =>
    values.sort === column ? 'ascending' : values.sort === `-${column}` ? 'descending' : undefined;
  const header = (column: SortColumn, label: string) => (
    <SortHeader label={label} direction={sortMark(column)} onSort={() => sortBy(column)} />
  );
  const sortHeaders = {
    name: header('name', t('inventory.product')),
    sku: header('sku', t('inventory.sku')),
    stock: header('stock', t('inventory.stock')),
  };

  return (
    <>
      <h1 className="h3 mb-3">{t('inventory.title')}</h1>
      <SearchForm
        query={values.q}
        label={t('inventory.searchLabel')}
        placeholder={t('inventory.searchPlaceholder')}
        onSearch={(q) => update({ q })}
        queryWidth={{ md: 6 }}
        buttonWidth={{ xs: 4, md: 3 }}
      >
        <Col xs={8} md={3}>
          <Form.Select
            aria-label={t('inventory.stockFilter')}
            value={values.state || 'all'}
            onChange={(event) =>
              update({ state: event.target.value === 'all' ? '' : event.target.value })
            }
          >
            <option value="all">{t('inventory.all')}</option>
            <option value="low">{t('inventory.lowOrOut')}</option>
            <option value="out">{t('inventory.out')}</option>
          </Form.Select>
        </Col>
      </SearchForm>
      <PageState of={inventory} />
      {inventory.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                {sortHeaders.name}
                {sortHeaders.sku}
                {sortHeaders.stock}
                <th scope="col">{t('inventory.orderLimit')}</th>
                <th scope="col">{t('inventory.lowAt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('inventory.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {inventory.data.items.map((item) => (
                <tr key={item.itemId}>
                  <td>
                    {item.productName}
                    <div className="small text-body-secondary">
                      {variantLabel(item.variants, t('common.singleItem'))}
                    </div>
                    {item.disabled && <Badge bg="secondary">{t('inventory.disabled')}</Badge>}
                  </td>
                  <td className="font-monospace small">{item.sku}</td>
                  <td>
                    <span className="fw-semibold me-2">{item.stock}</span>
                    <StockBadge item={item} />
                  </td>
                  <td>
                    <NumberCell
                      label={t('inventory.orderLimitOf', { sku: item.sku })}
                      value={item.orderLimit}
                      onSave={(value) => saveLimits(item, { orderLimit: value ?? 1 })}
                    />
                  </td>
                  <td>
                    <NumberCell
                      label={t('inventory.thresholdOf', { sku: item.sku })}
                      value={item.lowStockThreshold}
                      placeholder={t('inventory.shopThreshold', {
                        threshold: item.effectiveThreshold,
                      })}
                      onSave={(value) => saveLimits(item, { lowStockThreshold: value })}
                    />
                  </td>
                  <td className="text-end text-nowrap">
                    <Button size="sm" onClick={() => setAdjusting(item)}>
                      {t('inventory.adjust')}
                    </Button>{' '}
                    <Button size="sm" variant="outline-secondary" onClick={() => setLedgerOf(item)}>
                      {t('inventory.history')}
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
    // Keys of the inventory catalogue: the dialog shows them in the staff member's words.
    .regex(/^-?\d+$/, { error: 'inventory.wholeNumber' }),
  reason: z.enum(adjustReasons),
  note: z.string().max(500, { error: 'inventory.noteTooLong' }),
});
type AdjustForm = z.infer<typeof adjustForm>;

function AdjustDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const t = useT<typeof en>();
  const message = useMessage();
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
      setError('amount', {
        message: checked.error.issues[0]?.message ?? t('inventory.notValid'),
      });
      return;
    }
    try {
      const result = await adjustStock({ itemId: item.itemId, body });
      toast(t('inventory.adjusted', { sku: item.sku, stock: result.stock }));
      onClose();
    } catch (error) {
      const shown = showServerErrors(error, setError, ['reason', 'note']);
      if (error instanceof ApiError && (error.fieldErrors.change ?? error.fieldErrors.setTo))
        setError('amount', { message: error.fieldErrors.change ?? error.fieldErrors.setTo });
      setProblem(shown);
    }
  });
  return (
    <Modal show onHide={onClose} centered aria-labelledby="adjust-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="adjust-title">
            {t('inventory.adjustTitle', { product: item.productName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary">
            <RichText<typeof en>
              id="inventory.now"
              values={{
                variants: variantLabel(item.variants, t('common.singleItem')),
                sku: item.sku,
                stock: item.stock,
              }}
              components={{ 0: <strong /> }}
            />
          </p>
          {problem && <Alert variant="danger">{message(problem)}</Alert>}
          <Form.Group className="mb-3">
            <Form.Check
              inline
              type="radio"
              id="adjust-change"
              value="change"
              label={t('inventory.modeChange')}
              {...register('mode')}
            />
            <Form.Check
              inline
              type="radio"
              id="adjust-set"
              value="setTo"
              label={t('inventory.modeSet')}
              {...register('mode')}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="adjust-amount">
            <Form.Label>
              {mode === 'change' ? t('inventory.change') : t('inventory.counted')}
            </Form.Label>
            <Form.Control
              inputMode="numeric"
              autoFocus
              {...register('amount')}
              isInvalid={Boolean(errors.amount)}
            />
            <Form.Control.Feedback type="invalid">
              {errors.amount?.message && message(errors.amount.message)}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="adjust-reason">
            <Form.Label>{t('inventory.reasonLabel')}</Form.Label>
            <Form.Select {...register('reason')} isInvalid={Boolean(errors.reason)}>
              {adjustReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {t('inventory.reason', { reason })}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">
              {errors.reason?.message && message(errors.reason.message)}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="adjust-note">
            <Form.Label>{t('inventory.note')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              {...register('note')}
              isInvalid={Boolean(errors.note)}
            />
            <Form.Control.Feedback type="invalid">
              {errors.note?.message && message(errors.note.message)}
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {t('inventory.save')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function LedgerDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const t = useT<typeof en>();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const ledger = useStockLedger(item.itemId, page);
  return (
    <Modal show onHide={onClose} size="lg" centered aria-labelledby="ledger-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="ledger-title">
          {t('inventory.historyTitle', { product: item.productName, sku: item.sku })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <PageState of={ledger} />
        {ledger.data && (
          <>
            <Table responsive size="sm" className="align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('inventory.when')}</th>
                  <th scope="col">{t('inventory.why')}</th>
                  <th scope="col" className="text-end">
                    {t('inventory.changeColumn')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('inventory.beforeAfter')}
                  </th>
                  <th scope="col">{t('inventory.by')}</th>
                </tr>
              </thead>
              <tbody>
                {ledger.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="text-nowrap">{format.dateTime(entry.at)}</td>
                    <td>
                      {t('inventory.reason', { reason: entry.reason })}
                      {entry.note && <div className="small text-body-secondary">{entry.note}</div>}
                    </td>
                    <td className="text-end">
                      {entry.change > 0 ? `+${entry.change}` : entry.change}
                    </td>
                    <td className="text-end">
                      {entry.stockBefore} → {entry.stockAfter}
                    </td>
                    <td className="small">
                      {entry.actorEmail ?? (entry.orderId ? t('inventory.shopOrder') : '—')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {ledger.data.entries.length === 0 && (
              <p className="text-body-secondary">{t('inventory.noChanges')}</p>
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
