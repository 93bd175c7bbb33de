import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { enquiryErrors, MAX_ENQUIRY_MESSAGE_LENGTH, type EnquiryForm } from '@shop/shared';
import { sendEnquiry } from './cleaning-api.js';
import { cleaningText } from './cleaning-text.js';

/** The enquiry failure message hides after this long (ERR-22, CONST-15). */
const ENQUIRY_ERROR_MS = 5000;

const text = cleaningText.enquiry;
const emptyForm: EnquiryForm = { fullname: '', email: '', phone: '', message: '' };
const requiredFields = ['fullname', 'email', 'phone'] as const;
type RequiredField = (typeof requiredFields)[number];

// The server's limits (enquiryRequestSchema), so a long entry is cut where it is typed.
const maxLengths: Record<RequiredField, number> = { fullname: 200, email: 254, phone: 40 };

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
  const [form, setForm] = useState(emptyForm);
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [placed, setPlaced] = useState(false);
  // Counts failures, so that a second failure within 5 s shows the message for 5 s again.
  const [failures, setFailures] = useState(0);
  const [failureShown, setFailureShown] = useState(false);
  const request = useRef<AbortController | null>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const fieldId = (field: keyof EnquiryForm) => `${id}-${field}`;
  const errorId = (field: RequiredField) => `${id}-${field}-error`;

  useEffect(() => () => request.current?.abort(), []);

  useEffect(() => {
    if (!failureShown) return;
    const timer = setTimeout(() => setFailureShown(false), ENQUIRY_ERROR_MS);
    return () => clearTimeout(timer);
  }, [failureShown, failures]);

  // Each field says what is wrong with it; there is no 'All fields are required !' above them,
  // since the message is optional (ERR-23, issue 10.12, docs/decisions.md).
  const errors = checked ? enquiryErrors(form) : {};

  const set = (field: keyof EnquiryForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const reset = () => {
    setForm(emptyForm);
    setChecked(false);
    setPlaced(false);
    setFailureShown(false);
  };

  const close = () => {
    if (placed) reset();
    else {
      setChecked(false);
      setFailureShown(false);
    }
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const problems = enquiryErrors(form);
    const firstProblem = requiredFields.find((field) => problems[field] !== undefined);
    if (firstProblem) {
      document.getElementById(fieldId(firstProblem))?.focus();
      return;
    }
    setFailureShown(false);
    setSending(true);
    const controller = new AbortController();
    request.current = controller;
    const ok = await sendEnquiry(trimmed(form), controller.signal);
    if (controller.signal.aborted) return;
    setSending(false);
    if (ok) setPlaced(true);
    else {
      setFailureShown(true);
      setFailures((count) => count + 1);
    }
  };

  const field = (
    name: RequiredField,
    label: string,
    type: 'text' | 'email' | 'tel',
    auto: string,
  ) => {
    const error = errors[name];
    return (
      <div className="mb-3">
        <label htmlFor={fieldId(name)} className="form-label">
          {label}
        </label>
        <input
          id={fieldId(name)}
          type={type}
          className={`form-control${error ? ' is-invalid' : ''}`}
          value={form[name]}
          maxLength={maxLengths[name]}
          autoComplete={auto}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(name) : undefined}
          onChange={(event) => set(name)(event.target.value)}
        />
        {error && (
          <div id={errorId(name)} role="alert" className="invalid-feedback d-block">
            {error}
          </div>
        )}
      </div>
    );
  };

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
          {text.title}
        </Modal.Title>
        <button
          type="button"
          className="btn-close"
          aria-label={text.close}
          disabled={sending}
          onClick={close}
        />
      </Modal.Header>
      {placed ? (
        <>
          <Modal.Body>
            <p role="status" className="text-success fw-semibold mb-0">
              {text.success}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-primary" onClick={close}>
              {text.okay}
            </button>
          </Modal.Footer>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Modal.Body>
            {field('fullname', text.fullname, 'text', 'name')}
            {field('email', text.email, 'email', 'email')}
            {field('phone', text.phone, 'tel', 'tel')}
            <div className="mb-3">
              <label htmlFor={fieldId('message')} className="form-label">
                {text.message}
              </label>
              <textarea
                id={fieldId('message')}
                className="form-control"
                rows={4}
                value={form.message}
                maxLength={MAX_ENQUIRY_MESSAGE_LENGTH}
                aria-describedby={`${fieldId('message')}-hint`}
                onChange={(event) => set('message')(event.target.value)}
              />
              <div id={`${fieldId('message')}-hint`} className="form-text">
                {text.messageHint}
              </div>
            </div>
            {failureShown && (
              <div role="alert" className="alert alert-danger py-2 mb-0">
                {text.failure}
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
              {sending ? text.sending : text.send}
            </button>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
