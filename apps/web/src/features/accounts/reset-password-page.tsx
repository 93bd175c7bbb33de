import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { resetPasswordFormSchema } from '@shop/shared';
import { apiRequest } from '../../lib/api-client.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useMessage } from '../../lib/i18n.js';
import { useAccountsText } from './accounts-i18n.js';
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
  const t = useAccountsText();
  const inPageLanguage = useMessage();
  useDocumentTitle(t('accounts.reset.title'));
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
  const problem = formProblem(errors);
  const error = problem === undefined ? serverError : inPageLanguage(problem);

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

  const passwordField = register('password');
  const retypeField = register('retypePassword');

  if (done) {
    return (
      <AuthCard title={t('accounts.reset.title')}>
        <SuccessMessage>{t('accounts.reset.done')}</SuccessMessage>
        <Link to="/login" className="btn btn-primary w-100">
          {t('accounts.backToLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('accounts.reset.title')}>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('accounts.reset.newPassword')}
          type="password"
          autoComplete="new-password"
          {...passwordField}
        />
        <TextField
          label={t('accounts.reset.retypeNewPassword')}
          type="password"
          autoComplete="new-password"
          {...retypeField}
        />
        <SubmitButton busy={isSubmitting}>{t('accounts.reset.button')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
