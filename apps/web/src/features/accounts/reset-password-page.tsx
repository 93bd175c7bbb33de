import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { accountTexts, isStrongPassword } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { accountsText } from './accounts-text.js';
import { AuthCard, ErrorMessage, SubmitButton, SuccessMessage, TextField } from './form-parts.js';
import { failureMessage } from './failure-message.js';

/** The new-password entry of a reset link (RESET-02, VAL-19, ACCOUNT-05, ERR-12). */
export default function ResetPasswordPage() {
  useDocumentTitle(accountsText.resetTitle);
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [retyped, setRetyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isStrongPassword(password)) {
      setError(accountTexts.weakPassword);
      return;
    }
    if (password !== retyped) {
      setError(accountTexts.retypeMismatch);
      return;
    }
    setBusy(true);
    setError('');
    try {
      await apiRequest(`/api/subscribers/reset-password/${encodeURIComponent(token)}`, {
        method: 'PUT',
        body: { password },
      });
      setDone(true);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthCard title={accountsText.resetTitle}>
        <SuccessMessage>{accountTexts.passwordUpdated}</SuccessMessage>
        <Link to="/login" className="btn btn-primary w-100">
          {accountsText.backToLogin}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={accountsText.resetTitle}>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={accountsText.newPassword}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <TextField
          label={accountsText.retypeNewPassword}
          name="retypePassword"
          type="password"
          autoComplete="new-password"
          value={retyped}
          onChange={setRetyped}
        />
        <SubmitButton busy={busy}>{accountsText.resetButton}</SubmitButton>
      </form>
    </AuthCard>
  );
}
