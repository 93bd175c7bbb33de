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
import { shopDateTime } from '../../lib/dates.js';
import { lookUpPostalCode, usePostalRegister, useUploadPostalRegister } from './api.js';

const number = new Intl.NumberFormat('nb-NO');

type Upload =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; result: PostalRegisterUploadResult }
  | { kind: 'refused'; message: string; errors: PostalRegisterLineError[] };

/** Posten's postal code register: what the shop holds, a fresh copy from Posten, a look-up. */
export default function PostalCodesPage() {
  const summary = usePostalRegister();
  const uploadRegister = useUploadPostalRegister();
  const [file, setFile] = useState<File>();
  const [upload, setUpload] = useState<Upload>({ kind: 'idle' });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setUpload({ kind: 'refused', message: 'Choose the register file first.', errors: [] });
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
        message:
          error instanceof ApiError
            ? error.message
            : 'The file could not be sent. Please try again.',
        errors: refusal.success ? (refusal.data.errors ?? []) : [],
      });
    }
  };

  return (
    <>
      <h1 className="h3 mb-3">Postal codes</h1>
      <p className="text-body-secondary small">
        The shipping step fills in the city of a Norwegian postal code from this register. A code it
        does not know yet is still accepted: the shopper types the city. Svalbard (9170–9179) and
        Jan Mayen (8099) are refused whatever the register says.
      </p>
      <PageState of={summary} />
      <Row className="g-3">
        <Col lg={5}>
          {summary.data && (
            <Card as="section" aria-labelledby="register-title" className="mb-3">
              <Card.Body>
                <h2 id="register-title" className="h5">
                  The register
                </h2>
                <dl className="row mb-0">
                  <dt className="col-5">Postal codes</dt>
                  <dd className="col-7">{number.format(summary.data.count)}</dd>
                  <dt className="col-5">Source</dt>
                  <dd className="col-7 text-break">{summary.data.source ?? '—'}</dd>
                  <dt className="col-5">Updated</dt>
                  <dd className="col-7 mb-0">
                    {summary.data.updatedAt ? shopDateTime(summary.data.updatedAt) : '—'}
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
                Load Posten’s register
              </h2>
              <p className="small">
                Download <em>Postnummerregister</em> (tab-separated text) from Posten/Bring and
                upload it here. It replaces the whole register at once; a file with a bad line, or
                fewer than {number.format(MIN_POSTAL_REGISTER_ROWS)} codes, changes nothing.
              </p>
              <Form noValidate onSubmit={(event) => void send(event)}>
                <Form.Group controlId="register-file" className="mb-3">
                  <Form.Label>Register file</Form.Label>
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
                    Windows-1252 (“ANSI”, as Posten publishes it) or UTF-8.
                  </Form.Text>
                </Form.Group>
                <Button type="submit" disabled={upload.kind === 'busy'}>
                  {upload.kind === 'busy' ? 'Loading…' : 'Upload and replace'}
                </Button>
              </Form>
              <div role="status" aria-live="polite" className="mt-3">
                {upload.kind === 'busy' && (
                  <div className="d-flex align-items-center gap-2">
                    <Spinner animation="border" size="sm" aria-hidden="true" />
                    <span>Checking and loading the file…</span>
                  </div>
                )}
                {upload.kind === 'done' && (
                  <Alert variant="success" className="mb-0">
                    <strong>
                      The register now holds {number.format(upload.result.total)} codes
                    </strong>{' '}
                    from {upload.result.source}: {number.format(upload.result.added)} added,{' '}
                    {number.format(upload.result.changed)} changed,{' '}
                    {number.format(upload.result.removed)} removed.
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
                      <caption>The first lines that are wrong</caption>
                      <thead>
                        <tr>
                          <th scope="col">Line</th>
                          <th scope="col">Problem</th>
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
  const [code, setCode] = useState('');
  const [found, setFound] = useState<Found>({ kind: 'none' });
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim();
    if (!/^\d{4}$/.test(wanted)) {
      setFound({ kind: 'failed', code: wanted, message: 'A postal code is four digits.' });
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
          message: `${wanted} is not in the register. The checkout still takes it, with the city the shopper types.`,
        });
      else
        setFound({
          kind: 'failed',
          code: wanted,
          message: error instanceof ApiError ? error.message : 'The look-up failed.',
        });
    }
  };
  return (
    <Card as="section" aria-labelledby="lookup-title">
      <Card.Body>
        <h2 id="lookup-title" className="h5">
          Look up a postal code
        </h2>
        <Form noValidate onSubmit={(event) => void search(event)} className="d-flex gap-2 mb-3">
          <Form.Control
            aria-label="Postal code"
            inputMode="numeric"
            maxLength={4}
            placeholder="0155"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            style={{ maxWidth: '8rem' }}
          />
          <Button type="submit" variant="outline-primary">
            Look up
          </Button>
        </Form>
        <div role="status" aria-live="polite">
          {found.kind === 'found' && (
            <dl className="row mb-0">
              <dt className="col-5">Place</dt>
              <dd className="col-7">
                {found.row.postalCode} {found.row.city}
              </dd>
              <dt className="col-5">Municipality</dt>
              <dd className="col-7">
                {found.row.municipality
                  ? `${found.row.municipality} (${found.row.municipalityCode ?? '—'})`
                  : '—'}
              </dd>
              <dt className="col-5">Category</dt>
              <dd className="col-7">{categoryName(found.row.category)}</dd>
              <dt className="col-5">Source</dt>
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

const categories: Record<string, string> = {
  G: 'Street addresses',
  P: 'Post boxes',
  B: 'Street addresses and post boxes',
  F: 'Several uses',
  S: 'Service code',
};

const categoryName = (category: string | null) =>
  category === null ? '—' : (categories[category] ?? category);
