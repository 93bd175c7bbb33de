import {
  type AdminPostalCode,
  MIN_POSTAL_REGISTER_ROWS,
  type PostalRegisterLineError,
  type PostalRegisterUploadResult,
  postalRegisterUploadErrorSchema,
} from '@shop/shared';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { PageState } from '../../components/page-state.js';
import { ApiError } from '../../lib/api-error.js';
import { RichText, useFormat, useT } from '../../lib/i18n.js';
import { lookUpPostalCode, usePostalRegister, useUploadPostalRegister } from './api.js';
import type en from './i18n/en.json';

type Upload =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; result: PostalRegisterUploadResult }
  | { kind: 'refused'; message: string; errors: PostalRegisterLineError[] };

/** Posten's postal code register: what the shop holds, a fresh copy from Posten, a look-up. */
export default function PostalCodesPage() {
  const t = useT<typeof en>();
  const format = useFormat();
  const summary = usePostalRegister();
  const uploadRegister = useUploadPostalRegister();
  const [file, setFile] = useState<File>();
  const [upload, setUpload] = useState<Upload>({ kind: 'idle' });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setUpload({ kind: 'refused', message: t('shipping.postal.chooseFile'), errors: [] });
      return;
    }
    setUpload({ kind: 'busy' });
    try {
      const result = await uploadRegister(file);
      setUpload({ kind: 'done', result });
    } catch (error) {
      const refusal = postalRegisterUploadErrorSchema.safeParse(
        error instanceof ApiError ? error.body : undefined,
      );
      setUpload({
        kind: 'refused',
        message: error instanceof ApiError ? error.message : t('shipping.postal.sendFailed'),
        errors: refusal.success ? (refusal.data.errors ?? []) : [],
      });
    }
  };

  return (
    <>
      <h1 className="h3 mb-3">{t('shipping.postal.title')}</h1>
      <p className="text-body-secondary small">{t('shipping.postal.intro')}</p>
      <PageState of={summary} />
      <Row className="g-3">
        <Col lg={5}>
          {summary.data && (
            <Card as="section" aria-labelledby="register-title" className="mb-3">
              <Card.Body>
                <h2 id="register-title" className="h5">
                  {t('shipping.postal.register')}
                </h2>
                <dl className="row mb-0">
                  <dt className="col-5">{t('shipping.postal.codes')}</dt>
                  <dd className="col-7">{format.number(summary.data.count)}</dd>
                  <dt className="col-5">{t('shipping.postal.source')}</dt>
                  <dd className="col-7 text-break">{summary.data.source ?? '—'}</dd>
                  <dt className="col-5">{t('shipping.postal.updated')}</dt>
                  <dd className="col-7 mb-0">
                    {summary.data.updatedAt ? format.dateTime(summary.data.updatedAt) : '—'}
                  </dd>
                </dl>
              </Card.Body>
            </Card>
          )}
          <Lookup />
        </Col>
        <Col lg={7}>
          <Card as="section" aria-labelledby="upload-title">
            <Card.Body>
              <h2 id="upload-title" className="h5">
                {t('shipping.postal.loadTitle')}
              </h2>
              <p className="small">
                <RichText<typeof en>
                  id="shipping.postal.loadIntro"
                  values={{ min: format.number(MIN_POSTAL_REGISTER_ROWS) }}
                  components={{ 0: <em /> }}
                />
              </p>
              <Form noValidate onSubmit={(event) => void send(event)}>
                <Form.Group controlId="register-file" className="mb-3">
                  <Form.Label>{t('shipping.postal.file')}</Form.Label>
                  <Form.Control
                    type="file"
                    accept=".txt,.tsv,text/plain,text/tab-separated-values"
                    aria-describedby="register-file-help"
                    onChange={(event) => {
                      setFile((event.target as HTMLInputElement).files?.[0]);
                      setUpload({ kind: 'idle' });
                    }}
                  />
                  <Form.Text id="register-file-help" muted>
                    {t('shipping.postal.fileHelp')}
                  </Form.Text>
                </Form.Group>
                <Button type="submit" disabled={upload.kind === 'busy'}>
                  {upload.kind === 'busy'
                    ? t('shipping.postal.loading')
                    : t('shipping.postal.upload')}
                </Button>
              </Form>
              <div role="status" aria-live="polite" className="mt-3">
                {upload.kind === 'busy' && (
                  <div className="d-flex align-items-center gap-2">
                    <Spinner animation="border" size="sm" aria-hidden="true" />
                    <span>{t('shipping.postal.checking')}</span>
                  </div>
                )}
                {upload.kind === 'done' && (
                  <Alert variant="success" className="mb-0">
                    <RichText<typeof en>
                      id="shipping.postal.done"
                      values={{
                        total: format.number(upload.result.total),
                        source: upload.result.source,
                        added: format.number(upload.result.added),
                        changed: format.number(upload.result.changed),
                        removed: format.number(upload.result.removed),
                      }}
                      components={{ 0: <strong /> }}
                    />
                  </Alert>
                )}
              </div>
              {upload.kind === 'refused' && (
                <>
                  <Alert variant="danger" className="mt-3">
                    {upload.message}
                  </Alert>
                  {upload.errors.length > 0 && (
                    <Table size="sm" bordered className="mb-0 caption-top">
                      <caption>{t('shipping.postal.wrongLines')}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('shipping.postal.line')}</th>
                          <th scope="col">{t('shipping.postal.problem')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {upload.errors.map((error) => (
                          <tr key={error.line}>
                            <td>{error.line}</td>
                            <td>{error.message}</td>
                          </tr>
                        ))}
                      </tbody>
                    </Table>
                  )}
                </>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}

type Found =
  | { kind: 'none' }
  | { kind: 'found'; row: AdminPostalCode }
  | { kind: 'missing' | 'failed'; code: string; message: string };

function Lookup() {
  const t = useT<typeof en>();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<Found>({ kind: 'none' });
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim();
    if (!/^\d{4}$/.test(wanted)) {
      setFound({ kind: 'failed', code: wanted, message: t('shipping.postal.fourDigits') });
      return;
    }
    try {
      setFound({
        kind: 'found',
        row: await lookUpPostalCode(wanted),
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        setFound({
          kind: 'missing',
          code: wanted,
          message: t('shipping.postal.missing', { code: wanted }),
        });
      else
        setFound({
          kind: 'failed',
          code: wanted,
          message: error instanceof ApiError ? error.message : t('shipping.postal.lookupFailed'),
        });
    }
  };
  return (
    <Card as="section" aria-labelledby="lookup-title">
      <Card.Body>
        <h2 id="lookup-title" className="h5">
          {t('shipping.postal.lookupTitle')}
        </h2>
        <Form noValidate onSubmit={(event) => void search(event)} className="d-flex gap-2 mb-3">
          <Form.Control
            aria-label={t('shipping.postal.code')}
            inputMode="numeric"
            maxLength={4}
            placeholder="0155"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            style={{ maxWidth: '8rem' }}
          />
          <Button type="submit" variant="outline-primary">
            {t('shipping.postal.lookup')}
          </Button>
        </Form>
        <div role="status" aria-live="polite">
          {found.kind === 'found' && (
            <dl className="row mb-0">
              <dt className="col-5">{t('shipping.postal.place')}</dt>
              <dd className="col-7">
                {found.row.postalCode} {found.row.city}
              </dd>
              <dt className="col-5">{t('shipping.postal.municipality')}</dt>
              <dd className="col-7">
                {found.row.municipality
                  ? `${found.row.municipality} (${found.row.municipalityCode ?? '—'})`
                  : '—'}
              </dd>
              <dt className="col-5">{t('shipping.postal.category')}</dt>
              <dd className="col-7">
                {found.row.category === null
                  ? '—'
                  : t('shipping.postal.categoryName', { category: found.row.category })}
              </dd>
              <dt className="col-5">{t('shipping.postal.source')}</dt>
              <dd className="col-7 mb-0 text-break">{found.row.source}</dd>
            </dl>
          )}
          {found.kind === 'missing' && (
            <Alert variant="info" className="mb-0">
              {found.message}
            </Alert>
          )}
          {found.kind === 'failed' && (
            <Alert variant="danger" className="mb-0">
              {found.message}
            </Alert>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
