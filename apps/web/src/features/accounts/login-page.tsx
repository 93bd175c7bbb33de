import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import {
  accountServerMessages,
  loginFormSchema,
  MAX_NAME_LENGTH,
  pathInLocale,
  signupFormSchema,
  type AuthFormValues,
  type AuthProvidersResponse,
} from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { apiOrigin, apiRequest } from '../../lib/api-client.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useLocale, useMessage } from '../../lib/i18n.js';
import { useAccountsText, type AccountsKey } from './accounts-i18n.js';
import { browserWindow } from '../../lib/browser-window.js';
import {
  AuthCard,
  ErrorMessage,
  formProblem,
  SubmitButton,
  SuccessMessage,
  TextField,
} from '../../components/ui/form-parts.js';
import { authFormReset, isAccountUser } from './session-slice.js';
import { login, register } from './session-thunks.js';

type Mode = 'login' | 'signup';
const emptyForm: AuthFormValues = { name: '', email: '', password: '', retypePassword: '' };

/** What another page left to confirm here, such as a deleted account (issue 10.15). */
function noticeFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { notice } = state as { notice?: unknown };
  return typeof notice === 'string' && notice !== '' ? notice : undefined;
}

/** An unverified login's answers are whole sentences, shown as they are. */
const verificationAnswers = [
  accountServerMessages.emailNotVerified,
  accountServerMessages.emailNotVerifiedLinkRecent,
];

function SocialButtons() {
  const t = useAccountsText();
  // The provider hands the shopper back to the home page in the language they started in.
  const returnTo = encodeURIComponent(pathInLocale(useLocale(), '/'));
  const [providers, setProviders] = useState<AuthProvidersResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest('/api/auth/providers', (wire) => wire.authProvidersResponseSchema, {
      signal: controller.signal,
    })
      .then(setProviders)
      // Unknown means try: the provider's own page tells when it cannot sign in.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const buttons: { key: string; ready: boolean; label: AccountsKey; missing: AccountsKey }[] = [
    {
      key: 'google',
      ready: providers?.google !== false,
      label: 'accounts.social.google',
      missing: 'accounts.social.googleMissing',
    },
    {
      key: 'apple',
      ready: providers?.apple !== false,
      label: 'accounts.social.apple',
      missing: 'accounts.social.appleMissing',
    },
  ];
  return (
    <div className="d-grid gap-2" role="group" aria-label={t('accounts.social.label')}>
      {buttons.map(({ key, ready, label, missing }) => (
        <button
          key={key}
          type="button"
          className="btn btn-outline-dark"
          disabled={!ready}
          onClick={() => browserWindow.assign(`${apiOrigin}/auth/${key}?returnTo=${returnTo}`)}
        >
          {t(ready ? label : missing)}
        </button>
      ))}
    </div>
  );
}

/** Login and sign-up, toggled in place (LOGIN-01..07). */
export default function LoginPage() {
  const t = useAccountsText();
  const inPageLanguage = useMessage();
  const dispatch = useAppDispatch();
  const session = useAppSelector((state) => state.session);
  const [searchParams] = useSearchParams();
  const notice = noticeFrom(useLocation().state);
  const [mode, setMode] = useState<Mode>('login');
  const isLogin = mode === 'login';
  // Spec §5: one message above the form, the first problem, shown on submit until the next one.
  const {
    register: field,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<AuthFormValues>({
    resolver: zodResolver(isLogin ? loginFormSchema : signupFormSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: emptyForm,
  });
  // The rules' messages are the shared catalogue's English keys; one it lacks reads as is.
  const problem = formProblem(errors);
  const formError = problem === undefined ? undefined : inPageLanguage(problem);
  const title = t(isLogin ? 'accounts.login.title' : 'accounts.signup.title');
  useDocumentTitle(title);

  useEffect(() => {
    dispatch(authFormReset());
    return () => {
      dispatch(authFormReset());
    };
  }, [dispatch]);

  // A signed-in user has nothing to do here, and a login ends on the home page (LOGIN-07, SESSION-11).
  if (isAccountUser(session.userInfo)) return <Navigate to="/" replace />;

  const toggle = () => {
    setMode(isLogin ? 'signup' : 'login');
    clearErrors();
    dispatch(authFormReset());
  };

  const submit = handleSubmit(async ({ name, email, password }) => {
    if (isLogin) {
      await dispatch(login({ email, password }));
      return;
    }
    const outcome = await dispatch(register({ name, email, password }));
    if (outcome.ok) reset(emptyForm);
  });

  const socialError = searchParams.get('error');
  let serverError = '';
  if (isLogin && session.isLoginError) {
    // These answers are whole sentences saying whether a new verification link went out.
    // The server answers them in the page's language, so they are recognised in it.
    serverError = verificationAnswers.map(inPageLanguage).includes(session.loginMessage)
      ? session.loginMessage
      : t('accounts.login.serverError', { message: session.loginMessage });
  } else if (!isLogin && session.isRegisterError) {
    // Server errors of login and sign-up are shown with ' !!' after them (ERR-05, ERR-06).
    serverError = t('accounts.login.serverError', { message: session.registerMessage });
  }
  const nameField = field('name');
  const emailField = field('email');
  const passwordField = field('password');
  const retypeField = field('retypePassword');
  const busy = isLogin ? session.isLoginLoading : session.isRegisterLoading;

  return (
    <AuthCard title={title}>
      {notice && <SuccessMessage>{notice}</SuccessMessage>}
      {isLogin && socialError && <ErrorMessage>{socialError}</ErrorMessage>}
      {formError && <ErrorMessage>{formError}</ErrorMessage>}
      {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
      {!isLogin && session.isRegisterSuccess && (
        <SuccessMessage>{t('accounts.signup.verifyNotice')}</SuccessMessage>
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        {!isLogin && (
          <TextField
            label={t('accounts.field.name')}
            autoComplete="name"
            maxLength={MAX_NAME_LENGTH}
            {...nameField}
          />
        )}
        <TextField
          label={t('accounts.field.email')}
          type="email"
          autoComplete="email"
          {...emailField}
        />
        <TextField
          label={t('accounts.field.password')}
          type="password"
          autoComplete={isLogin ? 'current-password' : 'new-password'}
          {...passwordField}
        />
        {!isLogin && (
          <TextField
            label={t('accounts.field.retypePassword')}
            type="password"
            autoComplete="new-password"
            {...retypeField}
          />
        )}
        {isLogin && (
          <p className="text-end small">
            <Link to="/forgot-password">{t('accounts.login.forgotPassword')}</Link>
          </p>
        )}
        <SubmitButton busy={busy}>
          {t(isLogin ? 'accounts.login.button' : 'accounts.signup.button')}
        </SubmitButton>
      </form>
      <p className="text-center my-3 text-body-secondary">{t('accounts.social.or')}</p>
      <SocialButtons />
      <p className="text-center mt-4 mb-0">
        <button type="button" className="btn btn-link" onClick={toggle}>
          {t(isLogin ? 'accounts.login.toSignup' : 'accounts.signup.toLogin')}
        </button>
      </p>
    </AuthCard>
  );
}
