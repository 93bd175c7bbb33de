import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordFormSchema } from '@shop/shared';
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

type Result = { ok: boolean; message: string } | null;

/** Asks for a reset mail (RESET-01); the server's message tells how it went (ACCOUNT-04, ERR-11). */
export default function ForgotPasswordPage() {
  const t = useAccountsText();
  const inPageLanguage = useMessage();
  useDocumentTitle(t('accounts.forgot.title'));
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

  const emailField = register('email');

  return (
    <AuthCard title={t('accounts.forgot.title')}>
      {problem && <ErrorMessage>{inPageLanguage(problem)}</ErrorMessage>}
      {result &&
        (result.ok ? (
          <SuccessMessage>{result.message}</SuccessMessage>
        ) : (
          <ErrorMessage>{result.message}</ErrorMessage>
        ))}
      <p className="text-body-secondary">{t('accounts.forgot.hint')}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('accounts.field.email')}
          type="email"
          autoComplete="email"
          {...emailField}
        />
        <SubmitButton busy={isSubmitting}>{t('accounts.forgot.send')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
