import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import {
  accountServerMessages,
  accountTexts,
  loginFormError,
  signupFormError,
  type AuthProvidersResponse,
} from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../app/store.js';
import { apiOrigin, apiRequest } from '../../lib/api-client.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { accountsText } from './accounts-text.js';
import { browserWindow } from './browser-window.js';
import { AuthCard, ErrorMessage, SubmitButton, SuccessMessage, TextField } from './form-parts.js';
import { authFormReset, isAccountUser } from './session-slice.js';
import { login, register } from './session-thunks.js';

type Mode = 'login' | 'signup';
const emptyForm = { name: '', email: '', password: '', retypePassword: '' };

/** Server errors of login and sign-up are shown with ' !!' after them (ERR-05, ERR-06). */
const withSuffix = (message: string) => `${message}${accountTexts.serverErrorSuffix}`;

/** What another page left to confirm here, such as a deleted account (issue 10.15). */
function noticeFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { notice } = state as { notice?: unknown };
  return typeof notice === 'string' && notice !== '' ? notice : undefined;
}

/** An unverified login's answers are whole sentences, shown as they are. */
const verificationAnswers: string[] = [
  accountServerMessages.emailNotVerified,
  accountServerMessages.emailNotVerifiedLinkRecent,
];

function SocialButtons() {
  const [providers, setProviders] = useState<AuthProvidersResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<AuthProvidersResponse>('/api/auth/providers', { signal: controller.signal })
      .then(setProviders)
      // Unknown means try: the provider's own page tells when it cannot sign in.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const buttons = [
    {
      key: 'google',
      ready: providers?.google !== false,
      label: accountsText.google,
      missing: accountsText.googleMissing,
    },
    {
      key: 'apple',
      ready: providers?.apple !== false,
      label: accountsText.apple,
      missing: accountsText.appleMissing,
    },
  ] as const;
  return (
    <div className="d-grid gap-2" role="group" aria-label={accountsText.socialSignIn}>
      {buttons.map(({ key, ready, label, missing }) => (
        <button
          key={key}
          type="button"
          className="btn btn-outline-dark"
          disabled={!ready}
          onClick={() => browserWindow.assign(`${apiOrigin}/auth/${key}`)}
        >
          {ready ? label : missing}
        </button>
      ))}
    </div>
  );
}

/** Login and sign-up, toggled in place (LOGIN-01..07). */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const session = useAppSelector((state) => state.session);
  const [searchParams] = useSearchParams();
  const notice = noticeFrom(useLocation().state);
  const [mode, setMode] = useState<Mode>('login');
  const [form, setForm] = useState(emptyForm);
  const [formError, setFormError] = useState('');
  const isLogin = mode === 'login';
  useDocumentTitle(isLogin ? accountsText.loginTitle : accountsText.signupTitle);

  useEffect(() => {
    dispatch(authFormReset());
    return () => {
      dispatch(authFormReset());
    };
  }, [dispatch]);

  // A signed-in user has nothing to do here, and a login ends on the home page (LOGIN-07, SESSION-11).
  if (isAccountUser(session.userInfo)) return <Navigate to="/" replace />;

  const set = (field: keyof typeof emptyForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  const toggle = () => {
    setMode(isLogin ? 'signup' : 'login');
    setFormError('');
    dispatch(authFormReset());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = isLogin ? loginFormError(form) : signupFormError(form);
    setFormError(problem ?? '');
    if (problem) return;
    if (isLogin) {
      await dispatch(login({ email: form.email, password: form.password }));
      return;
    }
    const outcome = await dispatch(
      register({ name: form.name, email: form.email, password: form.password }),
    );
    if (outcome.ok) setForm(emptyForm);
  };

  const socialError = searchParams.get('error');
  let serverError = '';
  if (isLogin && session.isLoginError) {
    // These answers are whole sentences saying whether a new verification link went out.
    serverError = verificationAnswers.includes(session.loginMessage)
      ? session.loginMessage
      : withSuffix(session.loginMessage);
  } else if (!isLogin && session.isRegisterError) {
    serverError = withSuffix(session.registerMessage);
  }
  const busy = isLogin ? session.isLoginLoading : session.isRegisterLoading;

  return (
    <AuthCard title={isLogin ? accountsText.loginTitle : accountsText.signupTitle}>
      {notice && <SuccessMessage>{notice}</SuccessMessage>}
      {isLogin && socialError && <ErrorMessage>{socialError}</ErrorMessage>}
      {formError && <ErrorMessage>{formError}</ErrorMessage>}
      {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
      {!isLogin && session.isRegisterSuccess && (
        <SuccessMessage>{accountTexts.verifyEmailNotice}</SuccessMessage>
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        {!isLogin && (
          <TextField
            label={accountsText.name}
            name="name"
            autoComplete="name"
            value={form.name}
            onChange={set('name')}
          />
        )}
        <TextField
          label={accountsText.email}
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
        />
        <TextField
          label={accountsText.password}
          name="password"
          type="password"
          autoComplete={isLogin ? 'current-password' : 'new-password'}
          value={form.password}
          onChange={set('password')}
        />
        {!isLogin && (
          <TextField
            label={accountsText.retypePassword}
            name="retypePassword"
            type="password"
            autoComplete="new-password"
            value={form.retypePassword}
            onChange={set('retypePassword')}
          />
        )}
        {isLogin && (
          <p className="text-end small">
            <Link to="/forgot-password">{accountsText.forgotPassword}</Link>
          </p>
        )}
        <SubmitButton busy={busy}>
          {isLogin ? accountsText.loginButton : accountsText.signupButton}
        </SubmitButton>
      </form>
      <p className="text-center my-3 text-body-secondary">{accountsText.or}</p>
      <SocialButtons />
      <p className="text-center mt-4 mb-0">
        <button type="button" className="btn btn-link" onClick={toggle}>
          {isLogin ? accountsText.toSignup : accountsText.toLogin}
        </button>
      </p>
    </AuthCard>
  );
}
