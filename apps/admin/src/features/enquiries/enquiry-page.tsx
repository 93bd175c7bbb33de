import { zodResolver } from '@hookform/resolvers/zod';
import {
  enquiryReplyRequestSchema,
  MAX_ENQUIRY_NOTE_LENGTH,
  type AdminEnquiryDetail,
  type EnquiryReplyRequest,
} from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useEnquiry, useMarkHandled, useReplyToEnquiry } from './api.js';
import { EnquiryStatusBadge } from './enquiry-status-badge.js';
import { useFormat, useMessage, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** One enquiry: the message, how to reach the sender, the replies, and its state. */
export default function EnquiryPage() {
  const t = useT<typeof en>();
  const format = useFormat();
  const { enquiryId = '' } = useParams();
  const enquiry = useEnquiry(enquiryId);
  const data = enquiry.data;
  return (
    <>
      <p className="mb-2">
        <Link to="/enquiries">{t('enquiries.back')}</Link>
      </p>
      <PageState of={enquiry} />
      {data && (
        <>
          <div className="d-flex align-items-center gap-2 flex-wrap mb-3">
            <h1 className="h3 mb-0">{t('enquiries.enquiryFrom', { name: data.fullname })}</h1>
            <EnquiryStatusBadge status={data.status} />
          </div>
          <Row className="g-4">
            <Col lg={8}>
              <Card className="mb-4">
                <Card.Body>
                  <h2 className="h5">{t('enquiries.message')}</h2>
                  <p className="small text-body-secondary">
                    {t('enquiries.receivedAt', { at: format.dateTime(data.createdAt) })}
                  </p>
                  <p className="message-text mb-0">{data.message}</p>
                </Card.Body>
              </Card>
              <Replies enquiry={data} />
              <ReplyForm enquiry={data} />
            </Col>
            <Col lg={4}>
              <Card className="mb-4">
                <Card.Body>
                  <h2 className="h5">{t('enquiries.contact')}</h2>
                  <dl className="mb-0">
                    <dt>{t('enquiries.name')}</dt>
                    <dd>{data.fullname}</dd>
                    <dt>{t('enquiries.email')}</dt>
                    <dd className="text-break">
                      <a href={`mailto:${data.email}`}>{data.email}</a>
                    </dd>
                    <dt>{t('enquiries.phone')}</dt>
                    <dd className="mb-0">
                      {data.phone ? (
                        <a href={`tel:${data.phone.replace(/[^\d+]/g, '')}`}>{data.phone}</a>
                      ) : (
                        '—'
                      )}
                    </dd>
                  </dl>
                </Card.Body>
              </Card>
              <HandledPanel enquiry={data} />
            </Col>
          </Row>
        </>
      )}
    </>
  );
}

function Replies({ enquiry }: { enquiry: AdminEnquiryDetail }) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    <section aria-labelledby="replies-title" className="mb-4">
      <h2 className="h5" id="replies-title">
        {t('enquiries.replies')}
      </h2>
      {enquiry.replies.length === 0 ? (
        <p className="text-body-secondary">{t('enquiries.noReply')}</p>
      ) : (
        <ol className="list-unstyled mb-0">
          {enquiry.replies.map((reply) => (
            <li key={reply.id} className="border-start border-3 border-primary ps-3 mb-3">
              <div className="small text-body-secondary mb-1">
                {t('enquiries.sentBy', {
                  at: format.dateTime(reply.createdAt),
                  email: reply.sentByEmail,
                })}
              </div>
              <p className="message-text mb-0">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ReplyForm({ enquiry }: { enquiry: AdminEnquiryDetail }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const reply = useReplyToEnquiry(enquiry.id);
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnquiryReplyRequest>({
    resolver: zodResolver(enquiryReplyRequestSchema),
    defaultValues: { body: '' },
  });
  const submit = handleSubmit(async (body) => {
    setProblem('');
    try {
      await reply(body);
      toast(t('enquiries.replySent', { email: enquiry.email }));
      reset();
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['body']));
    }
  });
  return (
    <Card>
      <Card.Body>
        <Form noValidate onSubmit={submit}>
          <h2 className="h5">{t('enquiries.replyTitle')}</h2>
          {problem && <Alert variant="danger">{message(problem)}</Alert>}
          <Form.Group className="mb-3" controlId="enquiry-reply">
            <Form.Label>{t('enquiries.replyTo', { email: enquiry.email })}</Form.Label>
            <Form.Control
              as="textarea"
              rows={6}
              aria-describedby="enquiry-reply-help"
              {...register('body')}
              isInvalid={Boolean(errors.body)}
            />
            <Form.Control.Feedback type="invalid">
              {errors.body?.message && message(errors.body.message)}
            </Form.Control.Feedback>
            <Form.Text id="enquiry-reply-help" muted>
              {t('enquiries.replyHelp')}
            </Form.Text>
          </Form.Group>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('enquiries.sending') : t('enquiries.sendReply')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

function HandledPanel({ enquiry }: { enquiry: AdminEnquiryDetail }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const format = useFormat();
  const toast = useToast();
  const markHandled = useMarkHandled(enquiry.id);
  const confirm = useConfirm();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async (handled: boolean) => {
    setProblem('');
    setSaving(true);
    try {
      await markHandled(handled ? { handled, note } : { handled });
      toast(handled ? t('enquiries.markedHandled') : t('enquiries.newAgain'));
      setNote('');
    } catch (error) {
      setProblem(error instanceof ApiError ? message(error.message) : t('enquiries.failed'));
    } finally {
      setSaving(false);
    }
  };
  const reopen = async () => {
    const sure = await confirm({
      title: t('enquiries.reopenTitle'),
      body: enquiry.handledNote ? t('enquiries.reopenBodyNote') : t('enquiries.reopenBody'),
      action: t('enquiries.reopen'),
    });
    if (sure) await save(false);
  };

  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('enquiries.state')}</h2>
        {problem && <Alert variant="danger">{problem}</Alert>}
        {enquiry.status === 'handled' ? (
          <>
            <p className="mb-2">
              {t('enquiries.handledLine', {
                at: enquiry.handledAt ? format.dateTime(enquiry.handledAt) : 'none',
                by: enquiry.handledByEmail ?? 'none',
              })}
            </p>
            {enquiry.handledNote && (
              <p className="message-text border rounded p-2 bg-body-tertiary">
                {enquiry.handledNote}
              </p>
            )}
            <Button variant="outline-secondary" onClick={() => void reopen()} disabled={saving}>
              {t('enquiries.reopen')}
            </Button>
          </>
        ) : (
          <Form
            onSubmit={(event) => {
              event.preventDefault();
              void save(true);
            }}
          >
            <Form.Group className="mb-3" controlId="enquiry-note">
              <Form.Label>{t('enquiries.note')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={MAX_ENQUIRY_NOTE_LENGTH}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </Form.Group>
            <Button type="submit" disabled={saving}>
              {t('enquiries.markHandled')}
            </Button>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
