import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiRequest } from '../../lib/api-client.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useAccountsText } from './accounts-i18n.js';
import { AuthCard, ErrorMessage, SuccessMessage } from '../../components/ui/form-parts.js';
import { failureMessage } from '../../lib/failure-message.js';

type Outcome = { kind: 'verifying' } | { kind: 'verified' | 'failed'; message: string };

/**
 * Confirms the address of a new account (RESET-03, ACCOUNT-06). The old product went straight
 * to / without a word; here the server's answer ('Your account is verified…') stays on screen
 * with a Login button (issue 10.9).
 */
export default function VerifyPage() {
  const t = useAccountsText();
  useDocumentTitle(t('accounts.verify.title'));
  const { id = '', token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'verifying' });

  useEffect(() => {
    let current = true;
    apiRequest(
      `/api/subscribers/verify-user/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
      (wire) => wire.messageResponseSchema,
      { method: 'PUT' },
    ).then(
      ({ message }) => {
        if (current) setOutcome({ kind: 'verified', message });
      },
      (failure: unknown) => {
        if (current) setOutcome({ kind: 'failed', message: failureMessage(failure) });
      },
    );
    return () => {
      current = false;
    };
  }, [id, token]);

  return (
    <AuthCard title={t('accounts.verify.title')}>
      {outcome.kind === 'verifying' ? (
        <div role="status" className="d-flex align-items-center justify-content-center gap-2">
          <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
          <span>{t('accounts.verify.verifying')}</span>
        </div>
      ) : (
        <>
          {outcome.kind === 'verified' ? (
            <SuccessMessage>{outcome.message}</SuccessMessage>
          ) : (
            <ErrorMessage>{outcome.message}</ErrorMessage>
          )}
          <Link to="/login" className="btn btn-primary w-100">
            {t(outcome.kind === 'verified' ? 'accounts.login.button' : 'accounts.backToLogin')}
          </Link>
          {outcome.kind === 'verified' && (
            <Link to="/" className="btn btn-link w-100 mt-2">
              {t('accounts.continueShopping')}
            </Link>
          )}
        </>
      )}
    </AuthCard>
  );
}
