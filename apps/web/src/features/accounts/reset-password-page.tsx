import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { accountTexts, resetPasswordFormSchema } from '@shop/shared';
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

/** The new-password entry of a reset link (RESET-02, VAL-19, ACCOUNT-05, ERR-12). */
export default function ResetPasswordPage() {
  useDocumentTitle(accountsText.resetTitle);
  const { token = '' } = useParams();
  // The first problem shows on submit, in place of the server's answer, until the next submit.
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { password: '', retypePassword: '' },
  });
  const [serverError, setServerError] = useState('');
  const [done, setDone] = useState(false);
  const error = formProblem(errors) ?? serverError;

  const send = async ({ password }: { password: string }) => {
    setServerError('');
    try {
      await apiRequest(
        `/api/subscribers/reset-password/${encodeURIComponent(token)}`,
        (wire) => wire.messageResponseSchema,
        { method: 'PUT', body: { password } },
      );
      setDone(true);
    } catch (failure) {
      setServerError(failureMessage(failure));
    }
  };
  const submit = handleSubmit(send, () => setServerError(''));

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
          type="password"
          autoComplete="new-password"
          {...register('password')}
        />
        <TextField
          label={accountsText.retypeNewPassword}
          type="password"
          autoComplete="new-password"
          {...register('retypePassword')}
        />
        <SubmitButton busy={isSubmitting}>{accountsText.resetButton}</SubmitButton>
      </form>
    </AuthCard>
  );
}
