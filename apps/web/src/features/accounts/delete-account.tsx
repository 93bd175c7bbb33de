import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { accountTexts, normalizeEmail } from '@shop/shared';
import { useAppDispatch } from '../../lib/store-hooks.js';
import { useMessage } from '../../lib/i18n.js';
import { useAccountsText } from './accounts-i18n.js';
import { ErrorMessage, TextField } from '../../components/ui/form-parts.js';
import { deleteAccount } from './session-thunks.js';

/**
 * Deleting asks for the account's email. The old product never wired that check to its final
 * button; here the button deletes only when the typed email matches (MYACC-05, MYACC-06, VAL-22,
 * VAL-23), then logs out and opens /login (ACCOUNT-03), which says the account was deleted.
 */
export function DeleteAccount({ email }: { email: string }) {
  const t = useAccountsText();
  const inPageLanguage = useMessage();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setTyped('');
    setError('');
  };

  const confirm = async () => {
    if (normalizeEmail(typed) !== normalizeEmail(email)) {
      setError(inPageLanguage(accountTexts.deleteEmailMismatch));
      return;
    }
    setBusy(true);
    setError('');
    const outcome = await dispatch(deleteAccount(typed.trim()));
    setBusy(false);
    // The login page confirms the deletion (issue 10.15); it replaces the account page.
    if (outcome.ok) void navigate('/login', { replace: true, state: { notice: outcome.message } });
    else setError(outcome.message);
  };

  return (
    <section aria-labelledby="delete-account" className="card border-danger mt-4">
      <div className="card-body">
        <h2 id="delete-account" className="h5 text-danger">
          {t('accounts.delete.title')}
        </h2>
        <p className="text-body-secondary">{t('accounts.delete.hint')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
          {t('accounts.delete.button')}
        </button>
      </div>
      <Modal show={open} onHide={close} centered aria-labelledby="delete-account-confirm">
        <Modal.Header closeButton closeLabel={t('accounts.cancel')}>
          <Modal.Title id="delete-account-confirm" as="h2" className="h5">
            {t('accounts.delete.confirmTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <p>{t('accounts.delete.confirmHint', { email })}</p>
          <TextField
            label={t('accounts.delete.confirmLabel')}
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={close}>
            {t('accounts.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy}
            onClick={() => void confirm()}
          >
            {t('accounts.delete.confirmButton')}
          </button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
