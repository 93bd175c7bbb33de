import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { apiRequest } from '../../lib/api-client.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { accountsText } from './accounts-text.js';
import { AuthCard, ErrorMessage } from './form-parts.js';
import { failureMessage } from './failure-message.js';

/** Confirms the address of a new account, then opens the shop (RESET-03, RESET-04, ACCOUNT-06). */
export default function VerifyPage() {
  useDocumentTitle(accountsText.verifyTitle);
  const { id = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    apiRequest(
      `/api/subscribers/verify-user/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
      { method: 'PUT' },
    ).then(
      () => {
        if (current) void navigate('/', { replace: true });
      },
      (failure: unknown) => {
        if (current) setError(failureMessage(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [id, token, navigate]);

  return (
    <AuthCard title={accountsText.verifyTitle}>
      {error ? (
        <>
          <ErrorMessage>{error}</ErrorMessage>
          <Link to="/login" className="btn btn-primary w-100">
            {accountsText.backToLogin}
          </Link>
        </>
      ) : (
        <div role="status" className="d-flex align-items-center justify-content-center gap-2">
          <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
          <span>{accountsText.verifying}</span>
        </div>
      )}
    </AuthCard>
  );
}
