import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Modal from 'react-bootstrap/Modal';
import { enquiryFieldMaxLengths, enquiryFormSchema, type EnquiryForm } from '@shop/shared';
import { sendEnquiry } from './cleaning-api.js';
import { useMessage } from '../../lib/i18n.js';
import { useCleaningText, type CleaningKey } from './cleaning-i18n.js';

/** The enquiry failure message hides after this long (ERR-22, CONST-15). */
const ENQUIRY_ERROR_MS = 5000;

const emptyForm: EnquiryForm = { fullname: '', email: '', phone: '', message: '' };
type RequiredField = 'fullname' | 'email' | 'phone';

const requiredFields: {
  name: RequiredField;
  label: CleaningKey;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
}[] = [
  { name: 'fullname', label: 'cleaning.enquiry.fullname', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'cleaning.enquiry.email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'cleaning.enquiry.phone', type: 'tel', autoComplete: 'tel' },
];

const trimmed = (form: EnquiryForm): EnquiryForm => ({
  fullname: form.fullname.trim(),
  email: form.email.trim(),
  phone: form.phone.trim(),
  message: form.message.trim(),
});

interface EnquiryModalProps {
  show: boolean;
  onClose: () => void;
}

/**
 * The 'Cleaning Enquiry' dialog (CLEAN-05..08). It is static: neither Escape nor a click beside
 * it closes it, only its close button or 'okay' after success.
 */
export function EnquiryModal({ show, onClose }: EnquiryModalProps) {
  // VAL-25: the messages show on 'Send', then follow the entries; the focus goes to the first
  // field in error. Each field says what is wrong with it; there is no 'All fields are required !'
  // above them, since the message is optional (ERR-23, issue 10.12, docs/decisions.md).
  const t = useCleaningText();
  const inPageLanguage = useMessage();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting: sending },
  } = useForm<EnquiryForm>({ resolver: zodResolver(enquiryFormSchema), defaultValues: emptyForm });
  const messageLength = useWatch({ control, name: 'message' }).length;
  const [placed, setPlaced] = useState(false);
  // Counts failures, so that a second failure within 5 s shows the message for 5 s again.
  const [failures, setFailures] = useState(0);
  const [failureShown, setFailureShown] = useState(false);
  const request = useRef<AbortController | null>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const fieldId = (field: keyof EnquiryForm) => `${id}-${field}`;
  const errorId = (field: keyof EnquiryForm) => `${id}-${field}-error`;

  useEffect(() => () => request.current?.abort(), []);

  useEffect(() => {
    if (!failureShown) return;
    const timer = setTimeout(() => setFailureShown(false), ENQUIRY_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failureShown, failures]);

  const close = () => {
    // A placed enquiry starts over; otherwise what was typed stays and its messages go until
    // the next 'Send'.
    if (placed) {
      reset();
      setPlaced(false);
    } else reset(undefined, { keepValues: true });
    setFailureShown(false);
    onClose();
  };

  const send = async (form: EnquiryForm) => {
    setFailureShown(false);
    const controller = new AbortController();
    request.current = controller;
    const ok = await sendEnquiry(trimmed(form), controller.signal);
    if (controller.signal.aborted) return;
    if (ok) setPlaced(true);
    else {
      setFailureShown(true);
      setFailures((count) => count + 1);
    }
  };

  const field = ({ name, label, type, autoComplete }: (typeof requiredFields)[number]) => {
    // The rules' messages are the shared catalogue's English keys; one it lacks reads as is.
    const message = errors[name]?.message;
    const error = message === undefined ? undefined : inPageLanguage(message);
    return (
      <div key={name} className="mb-3">
        <label htmlFor={fieldId(name)} className="form-label">
          {t(label)}
        </label>
        <input
          id={fieldId(name)}
          type={type}
          className={`form-control${error ? ' is-invalid' : ''}`}
          // The server's limits (enquiryRequestSchema), so a long entry is cut where it is typed.
          maxLength={enquiryFieldMaxLengths[name]}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(name) : undefined}
          {...register(name)}
        />
        {error && (
          <div id={errorId(name)} role="alert" className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </div>
    );
  };

  const messageField = register('message');

  return (
    <Modal
      show={show}
      onHide={close}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby={titleId}
    >
      <Modal.Header>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('cleaning.enquiry.title')}
        </Modal.Title>
        <button
          type="button"
          className="btn-close"
          aria-label={t('cleaning.enquiry.close')}
          disabled={sending}
          onClick={close}
        />
      </Modal.Header>
      {placed ? (
        <>
          <Modal.Body>
            <p role="status" className="text-success fw-semibold mb-0">
              {t('cleaning.enquiry.success')}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-primary" onClick={close}>
              {t('cleaning.enquiry.okay')}
            </button>
          </Modal.Footer>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void handleSubmit(send)(event)}>
          <Modal.Body>
            {requiredFields.map(field)}
            <div className="mb-3">
              <label htmlFor={fieldId('message')} className="form-label">
                {t('cleaning.enquiry.message')}
              </label>
              <textarea
                id={fieldId('message')}
                className={`form-control${errors.message ? ' is-invalid' : ''}`}
                rows={4}
                maxLength={enquiryFieldMaxLengths.message}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={[
                  `${fieldId('message')}-hint`,
                  `${fieldId('message')}-count`,
                  errors.message ? errorId('message') : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                {...messageField}
              />
              <div className="d-flex justify-content-between gap-2">
                <div id={`${fieldId('message')}-hint`} className="form-text">
                  {t('cleaning.enquiry.messageHint')}
                </div>
                <div id={`${fieldId('message')}-count`} className="form-text text-nowrap">
                  {t('cleaning.enquiry.messageCount', {
                    length: messageLength,
                    max: enquiryFieldMaxLengths.message,
                  })}
                </div>
              </div>
              {errors.message?.message && (
                <div id={errorId('message')} role="alert" className="invalid-feedback d-block">
                  {inPageLanguage(errors.message.message)}
                </div>
              )}
            </div>
            {failureShown && (
              <div role="alert" className="alert alert-danger py-2 mb-0">
                {t('cleaning.enquiry.failure')}
              </div>
            )}
          </Modal.Body>
          <Modal.Footer>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={sending}
              aria-busy={sending}
            >
              {sending && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {t(sending ? 'cleaning.enquiry.sending' : 'cleaning.enquiry.send')}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
