import {
  PRODUCT_CSV_MAX_BYTES,
  productCsvColumns,
  productCsvImportErrorSchema,
  productCsvMessages,
  type ProductCsvError,
  type ProductCsvImportResult,
  type ProductCsvRowAction,
} from '@shop/shared';
import { type DragEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { useConfirm } from '../../components/confirm.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { checkProductsCsv, useImportProducts } from './api.js';
import { describeChange, importChanges, importSummary } from './products-csv.js';

/** The most preview rows drawn at once; a whole catalogue's file may hold thousands. */
const SHOWN_ROWS = 500;

type Check =
  | { kind: 'none' }
  | { kind: 'busy'; what: string }
  | { kind: 'preview'; result: ProductCsvImportResult }
  | { kind: 'refused'; message: string; errors: ProductCsvError[] };

const actionBadges: Record<ProductCsvRowAction, { bg: string; label: string }> = {
  create: { bg: 'success', label: 'New' },
  update: { bg: 'primary', label: 'Update' },
  unchanged: { bg: 'secondary', label: 'Unchanged' },
};

function refusal(error: unknown): Check {
  if (!(error instanceof ApiError))
    return { kind: 'refused', message: 'The file could not be sent.', errors: [] };
  const answer = productCsvImportErrorSchema.safeParse(error.body);
  return {
    kind: 'refused',
    message: error.message,
    errors: answer.success ? (answer.data.errors ?? []) : [],
  };
}

function ErrorTable({ errors }: { errors: readonly ProductCsvError[] }) {
  return (
    <Table responsive bordered size="sm" className="table-admin align-middle">
      <caption className="caption-top">Errors in the file</caption>
      <thead>
        <tr>
          <th scope="col" className="text-end">
            Row
          </th>
          <th scope="col">Column</th>
          <th scope="col">Message</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error, index) => (
          <tr key={`${error.row}-${error.column ?? ''}-${index}`}>
            <td className="text-end">{error.row}</td>
            <td>
              <code>{error.column ?? '—'}</code>
            </td>
            <td>{error.message}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function PreviewTable({ result }: { result: ProductCsvImportResult }) {
  const [showUnchanged, setShowUnchanged] = useState(false);
  const rows = result.rows.filter((row) => showUnchanged || row.action !== 'unchanged');
  const hidden = result.rows.length - rows.length;
  return (
    <>
      <Form.Check
        type="switch"
        id="show-unchanged"
        className="mb-2"
        label={`Show unchanged rows (${result.rows.filter((row) => row.action === 'unchanged').length})`}
        checked={showUnchanged}
        onChange={(event) => setShowUnchanged(event.target.checked)}
      />
      {rows.length > 0 && (
        <Table responsive hover size="sm" className="table-admin align-middle">
          <caption className="caption-top">Changes by row</caption>
          <thead>
            <tr>
              <th scope="col" className="text-end">
                Row
              </th>
              <th scope="col">Item</th>
              <th scope="col">Action</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map((row) => (
              <tr key={row.row}>
                <td className="text-end">{row.row}</td>
                <td>
                  {row.productSlug}
                  <br />
                  <code>{row.sku}</code>
                </td>
                <td>
                  <Badge bg={actionBadges[row.action].bg}>{actionBadges[row.action].label}</Badge>
                </td>
                <td className="csv-changes">
                  {row.action === 'create' ? (
                    <span className="small">{row.changes.map(describeChange).join(' · ')}</span>
                  ) : (
                    row.changes.length > 0 && (
                      <ul className="list-unstyled mb-0 small">
                        {row.changes.map((change) => (
                          <li key={change.column}>{describeChange(change)}</li>
                        ))}
                      </ul>
                    )
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {rows.length > SHOWN_ROWS && (
        <p className="small text-body-secondary">
          The first {SHOWN_ROWS} of {rows.length} rows are shown.
        </p>
      )}
      {hidden > 0 && !showUnchanged && rows.length === 0 && (
        <p className="text-body-secondary">Every row is as the shop has it already.</p>
      )}
    </>
  );
}

/** Import products and items from a CSV file: a dry run shows what changes, then the import. */
export default function ProductsImportPage() {
  const [file, setFile] = useState<File>();
  const [check, setCheck] = useState<Check>({ kind: 'none' });
  const [dragOver, setDragOver] = useState(false);
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const importProducts = useImportProducts();

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    if (chosen.size > PRODUCT_CSV_MAX_BYTES) {
      setCheck({
        kind: 'refused',
        message: productCsvMessages.tooLarge,
        errors: [],
      });
      return;
    }
    setCheck({ kind: 'busy', what: 'Checking the file…' });
    try {
      setCheck({ kind: 'preview', result: await checkProductsCsv(chosen) });
    } catch (error) {
      setCheck(refusal(error));
    }
  };

  const importFile = async () => {
    if (!file || check.kind !== 'preview') return;
    const confirmed = await confirm({
      title: 'Import this file?',
      body: (
        <p className="mb-0">
          {importSummary(check.result)}. The changes are on the storefront at once; a changed stock
          figure is written to the stock ledger.
        </p>
      ),
      action: 'Import',
    });
    if (!confirmed) return;
    setCheck({ kind: 'busy', what: 'Importing…' });
    try {
      const result = await importProducts(file);
      toast(`Imported: ${importSummary(result)}.`);
      void navigate('/products');
    } catch (error) {
      setCheck(refusal(error));
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(false);
    void choose(event.dataTransfer.files[0]);
  };

  return (
    <>
      <div className="mb-3">
        <Link to="/products" className="small">
          ← Products
        </Link>
        <h1 className="h3 mb-0">Import products from CSV</h1>
      </div>
      <p className="text-body-secondary">
        Start from the file <strong>Export CSV</strong> on the products page gives: one row per
        item, found by its SKU. A new SKU adds an item, a new <code>product_slug</code> creates a
        product, and nothing is deleted. The file is checked first; nothing changes until you import
        it.
      </p>
      <details className="mb-3 small">
        <summary>The columns</summary>
        <p className="mt-2 mb-1">
          {productCsvColumns.map((column, index) => (
            <span key={column}>
              {index > 0 && ', '}
              <code>{column}</code>
            </span>
          ))}
        </p>
        <p className="mb-0">
          <code>category</code> is the path of names, such as <code>Garments &gt; T-Shirts</code>;{' '}
          <code>options</code> such as <code>Size=S; Colour=Red</code>; <code>price</code> in kroner
          (<code>199.50</code> or <code>199,50</code>); <code>disabled</code> yes or no. Comma- and
          semicolon-separated files both work. An empty cell keeps the current value.
        </p>
      </details>
      <div
        className={`drop-zone mb-3 ${dragOver ? 'drag-over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
      >
        <Form.Group controlId="csv-file" className="csv-file mx-auto text-start">
          <Form.Label>CSV file</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,text/csv"
            aria-describedby="csv-file-help"
            onClick={(event) => {
              // The same file chosen again after an edit is read again.
              event.currentTarget.value = '';
            }}
            onChange={(event) => void choose((event.target as HTMLInputElement).files?.[0])}
          />
          <Form.Text id="csv-file-help">
            Choose the file or drop it here: it is checked at once, and nothing is written until you
            import it.
          </Form.Text>
        </Form.Group>
      </div>

      <div role="status" aria-live="polite">
        {check.kind === 'busy' && (
          <div className="d-flex align-items-center gap-2 mb-3">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>{check.what}</span>
          </div>
        )}
        {check.kind === 'preview' && (
          <p className="mb-2">
            <strong>Preview of {file?.name}:</strong> {importSummary(check.result)}.
          </p>
        )}
      </div>

      {check.kind === 'refused' && (
        <>
          <Alert variant="danger">{check.message}</Alert>
          {check.errors.length > 0 && <ErrorTable errors={check.errors} />}
        </>
      )}

      {check.kind === 'preview' && (
        <section aria-labelledby="preview-title">
          <h2 id="preview-title" className="h5">
            What the import changes
          </h2>
          {importChanges(check.result) ? (
            <PreviewTable result={check.result} />
          ) : (
            <Alert variant="info">The file changes nothing: every row is as the shop has it.</Alert>
          )}
          <div className="d-flex gap-2 flex-wrap mt-3">
            <Button onClick={() => void importFile()} disabled={!importChanges(check.result)}>
              Import
            </Button>
            <Link to="/products" className="btn btn-outline-secondary">
              Cancel
            </Link>
          </div>
        </section>
      )}
    </>
  );
}
