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
import { RichText, useMessage, useT } from '../../lib/i18n.js';
import { checkProductsCsv, useImportProducts } from './api.js';
import type en from './i18n/en.json';
import { describeChange, importChanges, importSummary } from './products-csv.js';

/** The most preview rows drawn at once; a whole catalogue's file may hold thousands. */
const SHOWN_ROWS = 500;

type Check =
  | { kind: 'none' }
  | { kind: 'busy'; what: 'checking' | 'importing' }
  | { kind: 'preview'; result: ProductCsvImportResult }
  /** `message` is the server's, or a shared rule's sentence or a catalogue key (`useMessage`). */
  | { kind: 'refused'; message: string; errors: ProductCsvError[] };

const actionColours: Record<ProductCsvRowAction, string> = {
  create: 'success',
  update: 'primary',
  unchanged: 'secondary',
};

function refusal(error: unknown): Check {
  if (!(error instanceof ApiError))
    return { kind: 'refused', message: 'products.import.notSent', errors: [] };
  const answer = productCsvImportErrorSchema.safeParse(error.body);
  return {
    kind: 'refused',
    message: error.message,
    errors: answer.success ? (answer.data.errors ?? []) : [],
  };
}

function ErrorTable({ errors }: { errors: readonly ProductCsvError[] }) {
  const t = useT<typeof en>();
  const message = useMessage();
  return (
    <Table responsive bordered size="sm" className="table-admin align-middle">
      <caption className="caption-top">{t('products.import.errors')}</caption>
      <thead>
        <tr>
          <th scope="col" className="text-end">
            {t('products.import.row')}
          </th>
          <th scope="col">{t('products.import.column')}</th>
          <th scope="col">{t('products.import.message')}</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error, index) => (
          <tr key={`${error.row}-${error.column ?? ''}-${index}`}>
            <td className="text-end">{error.row}</td>
            <td>
              <code>{error.column ?? '—'}</code>
            </td>
            <td>{message(error.message)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function PreviewTable({ result }: { result: ProductCsvImportResult }) {
  const t = useT<typeof en>();
  const [showUnchanged, setShowUnchanged] = useState(false);
  const rows = result.rows.filter((row) => showUnchanged || row.action !== 'unchanged');
  const hidden = result.rows.length - rows.length;
  return (
    <>
      <Form.Check
        type="switch"
        id="show-unchanged"
        className="mb-2"
        label={t('products.import.showUnchanged', {
          count: result.rows.filter((row) => row.action === 'unchanged').length,
        })}
        checked={showUnchanged}
        onChange={(event) => setShowUnchanged(event.target.checked)}
      />
      {rows.length > 0 && (
        <Table responsive hover size="sm" className="table-admin align-middle">
          <caption className="caption-top">{t('products.import.changesByRow')}</caption>
          <thead>
            <tr>
              <th scope="col" className="text-end">
                {t('products.import.row')}
              </th>
              <th scope="col">{t('products.items.item')}</th>
              <th scope="col">{t('products.import.action')}</th>
              <th scope="col">{t('products.import.changes')}</th>
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
                  <Badge bg={actionColours[row.action]}>
                    {t('products.import.actionName', { action: row.action })}
                  </Badge>
                </td>
                <td className="csv-changes">
                  {row.action === 'create' ? (
                    <span className="small">
                      {row.changes.map((change) => describeChange(t, change)).join(' · ')}
                    </span>
                  ) : (
                    row.changes.length > 0 && (
                      <ul className="list-unstyled mb-0 small">
                        {row.changes.map((change) => (
                          <li key={change.column}>{describeChange(t, change)}</li>
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
          {t('products.import.firstRows', { shown: SHOWN_ROWS, count: rows.length })}
        </p>
      )}
      {hidden > 0 && !showUnchanged && rows.length === 0 && (
        <p className="text-body-secondary">{t('products.import.allSame')}</p>
      )}
    </>
  );
}

/** Import products and items from a CSV file: a dry run shows what changes, then the import. */
export default function ProductsImportPage() {
  const t = useT<typeof en>();
  const message = useMessage();
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
    setCheck({ kind: 'busy', what: 'checking' });
    try {
      setCheck({ kind: 'preview', result: await checkProductsCsv(chosen) });
    } catch (error) {
      setCheck(refusal(error));
    }
  };

  const importFile = async () => {
    if (!file || check.kind !== 'preview') return;
    const confirmed = await confirm({
      title: t('products.import.confirmTitle'),
      body: (
        <p className="mb-0">
          {t('products.import.confirmBody', { summary: importSummary(t, check.result) })}
        </p>
      ),
      action: t('products.import.import'),
    });
    if (!confirmed) return;
    setCheck({ kind: 'busy', what: 'importing' });
    try {
      const result = await importProducts(file);
      toast(t('products.import.imported', { summary: importSummary(t, result) }));
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
          {t('products.editor.back')}
        </Link>
        <h1 className="h3 mb-0">{t('products.import.title')}</h1>
      </div>
      <p className="text-body-secondary">
        <RichText<typeof en>
          id="products.import.intro"
          components={{ 0: <strong />, 1: <code /> }}
        />
      </p>
      <details className="mb-3 small">
        <summary>{t('products.import.columns')}</summary>
        <p className="mt-2 mb-1">
          {productCsvColumns.map((column, index) => (
            <span key={column}>
              {index > 0 && ', '}
              <code>{column}</code>
            </span>
          ))}
        </p>
        <p className="mb-1">
          <RichText<typeof en> id="products.import.columnsNames" components={{ 0: <code /> }} />
        </p>
        <p className="mb-0">
          <RichText<typeof en> id="products.import.columnsHelp" components={{ 0: <code /> }} />
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
          <Form.Label>{t('products.import.file')}</Form.Label>
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
          <Form.Text id="csv-file-help">{t('products.import.fileHelp')}</Form.Text>
        </Form.Group>
      </div>

      <div role="status" aria-live="polite">
        {check.kind === 'busy' && (
          <div className="d-flex align-items-center gap-2 mb-3">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            <span>
              {check.what === 'checking'
                ? t('products.import.checking')
                : t('products.import.importing')}
            </span>
          </div>
        )}
        {check.kind === 'preview' && (
          <p className="mb-2">
            <RichText<typeof en>
              id="products.import.preview"
              values={{ file: file?.name ?? '', summary: importSummary(t, check.result) }}
              components={{ 0: <strong /> }}
            />
          </p>
        )}
      </div>

      {check.kind === 'refused' && (
        <>
          <Alert variant="danger">{message(check.message)}</Alert>
          {check.errors.length > 0 && <ErrorTable errors={check.errors} />}
        </>
      )}

      {check.kind === 'preview' && (
        <section aria-labelledby="preview-title">
          <h2 id="preview-title" className="h5">
            {t('products.import.whatChanges')}
          </h2>
          {importChanges(check.result) ? (
            <PreviewTable result={check.result} />
          ) : (
            <Alert variant="info">{t('products.import.nothing')}</Alert>
          )}
          <div className="d-flex gap-2 flex-wrap mt-3">
            <Button onClick={() => void importFile()} disabled={!importChanges(check.result)}>
              {t('products.import.import')}
            </Button>
            <Link to="/products" className="btn btn-outline-secondary">
              {t('common.cancel')}
            </Link>
          </div>
        </section>
      )}
    </>
  );
}
