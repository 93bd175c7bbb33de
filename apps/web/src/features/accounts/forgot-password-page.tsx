import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordFormSchema } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { accountsText } from './accounts-text.js';
import {
  AuthCard,
  ErrorMessage,
  formProblem,
  SubmitButton,
  SuccessMessage,
  TextField,
} from '../../components/ui/form-parts.js';
import { failureMessage } from '../../lib/failure-message.js';

type Result = { ok: boolean; message: string } | null;

/** Asks for a reset mail (RESET-01); the server's message tells how it went (ACCOUNT-04, ERR-11). */
export default function ForgotPasswordPage() {
  useDocumentTitle(accountsText.forgotTitle);
  // The field's message shows on submit, in place of the last answer, until the next submit.
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgotPasswordFormSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { email: '' },
  });
  const [result, setResult] = useState<Result>(null);
  const problem = formProblem(errors);

  const send = async ({ email }: { email: string }) => {
    setResult(null);
    try {
      const answer = await apiRequest(
        '/api/subscribers/forgot-password',
        (wire) => wire.messageResponseSchema,
        { method: 'POST', body: { email: email.trim() } },
      );
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      setResult({ ok: false, message: failureMessage(error) });
    }
  };
  const submit = handleSubmit(send, () => setResult(null));

  return (
    <AuthCard title={accountsText.forgotTitle}>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
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
          type="email"
          autoComplete="email"
          {...register('email')}
        />
        <SubmitButton busy={isSubmitting}>{accountsText.sendLink}</SubmitButton>
      </form>
    </AuthCard>
  );
}
