import { useState, type FormEvent } from 'react';
import { forgotEmailError, type MessageResponse } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { accountsText } from './accounts-text.js';
import { AuthCard, ErrorMessage, SubmitButton, SuccessMessage, TextField } from './form-parts.js';
import { failureMessage } from './failure-message.js';

type Result = { ok: boolean; message: string } | null;

/** Asks for a reset mail (RESET-01); the server's message tells how it went (ACCOUNT-04, ERR-11). */
export default function ForgotPasswordPage() {
  useDocumentTitle(accountsText.forgotTitle);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = forgotEmailError(email);
    if (problem) {
      setResult({ ok: false, message: problem });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const answer = await apiRequest<MessageResponse>('/api/subscribers/forgot-password', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      setResult({ ok: false, message: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={accountsText.forgotTitle}>
      {result &&
        (result.ok ? (
          <SuccessMessage>{result.message}</SuccessMessage>
        ) : (
          <ErrorMessage>{result.message}</ErrorMessage>
        ))}
      <p className="text-body-secondary">{accountsText.forgotHint}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={accountsText.email}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
        <SubmitButton busy={busy}>{accountsText.sendLink}</SubmitButton>
      </form>
    </AuthCard>
  );
}
