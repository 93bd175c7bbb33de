import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminLoginRequestSchema,
  type AdminLoginRequest,
  type AdminLoginResponse,
  type AdminSession,
} from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormField } from '../../components/form-field.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { storeSession } from '../../lib/session.js';
import { enrol, logIn, verify } from './api.js';
import { CodeStep } from './code-step.js';
import { RecoveryCodes } from './recovery-codes.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { LanguageChoice } from '../../components/language-choice.js';
import type en from './i18n/en.json';

type Step =
  | { name: 'password' }
  | { name: 'second-factor'; challenge: AdminLoginResponse }
  | { name: 'recovery-codes'; codes: string[]; session: AdminSession };

/**
 * Sign-in to the back office: e-mail and password, then the authenticator's code. The first
 * sign-in enrols the app from a QR code and shows the recovery codes once.
 */
export function LoginPage() {
  const t = useT<typeof en>();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: 'password' });
  const finish = (session: AdminSession) => {
    storeSession(session);
    void navigate('/', { replace: true });
  };

  return (
    <main className="login-page d-flex align-items-center justify-content-center p-3">
      <Card className="login-card shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-1">{t('login.title')}</h1>
          <p className="text-body-secondary mb-4">{t('login.shopName')}</p>
          <LanguageChoice />
          {step.name === 'password' && (
            <PasswordStep
              onChallenge={(challenge) => setStep({ name: 'second-factor', challenge })}
            />
          )}
          {step.name === 'second-factor' && (
            <CodeStep
              challenge={step.challenge}
              onEnrolled={async (body) => {
                const answer = await enrol(body);
                setStep({
                  name: 'recovery-codes',
                  codes: answer.recoveryCodes,
                  session: answer.session,
                });
              }}
              onVerified={async (body) => {
                const answer = await verify(body);
                finish(answer.session);
              }}
              onRestart={() => setStep({ name: 'password' })}
            />
          )}
          {step.name === 'recovery-codes' && (
            <RecoveryCodes codes={step.codes} onDone={() => finish(step.session)} />
          )}
        </Card.Body>
      </Card>
    </main>
  );
}

function PasswordStep({ onChallenge }: { onChallenge: (challenge: AdminLoginResponse) => void }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminLoginRequest>({ resolver: zodResolver(adminLoginRequestSchema) });
  const submit = handleSubmit(async (body) => {
    setProblem('');
    try {
      onChallenge(await logIn(body));
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['email', 'password']));
    }
  });
  return (
    <Form noValidate onSubmit={submit}>
      {problem && <Alert variant="danger">{message(problem)}</Alert>}
      <FormField
        label={t('login.email')}
        type="email"
        autoComplete="username"
        autoFocus
        registration={register('email')}
        error={errors.email}
      />
      <FormField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password}
      />
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting ? t('login.signingIn') : t('login.signIn')}
      </Button>
    </Form>
  );
}
