import { zodResolver } from '@hookform/resolvers/zod';
import { adminMessages, type AdminLoginResponse } from '@shop/shared';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { renderSVG } from 'uqr';
import { z } from 'zod';
import { FormField } from '../../components/form-field.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { RichText, useMessage, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

const codeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, { error: adminMessages.codeFormat }),
});
const recoveryForm = z.object({
  recoveryCode: z
    .string()
    .trim()
    .refine((code) => /^\d{15}$/.test(code.replace(/[\s-]/g, '')), {
      error: adminMessages.recoveryCodeFormat,
    }),
});

/** The base32 secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function CodeStep({
  challenge,
  onEnrolled,
  onVerified,
  onRestart,
}: {
  challenge: AdminLoginResponse;
  onEnrolled: (body: { challengeToken: string; code: string }) => Promise<void>;
  onVerified: (
    body: { challengeToken: string } & ({ code: string } | { recoveryCode: string }),
  ) => Promise<void>;
  onRestart: () => void;
}) {
  const t = useT<typeof en>();
  const [useRecovery, setUseRecovery] = useState(false);
  const enrolling = challenge.step === 'enrol';
  const qrCode = useMemo(
    () =>
      challenge.step === 'enrol'
        ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(challenge.otpauthUri))}`
        : undefined,
    [challenge],
  );
  return (
    <>
      {enrolling ? (
        <>
          <h2 className="h5">{t('login.enrolTitle')}</h2>
          <p>{t('login.enrolHelp')}</p>
          <img
            src={qrCode}
            alt={t('login.qrAlt')}
            width={180}
            height={180}
            className="d-block mx-auto mb-2"
          />
          <p className="small text-body-secondary">
            <RichText<typeof en>
              id="login.cannotScan"
              values={{ secret: grouped(challenge.step === 'enrol' ? challenge.secret : '') }}
              components={{ 0: <code className="user-select-all" data-testid="totp-secret" /> }}
            />
          </p>
        </>
      ) : (
        <h2 className="h5">{useRecovery ? t('login.useRecoveryTitle') : t('login.enterCode')}</h2>
      )}
      {useRecovery ? (
        <AnswerForm
          field="recoveryCode"
          submit={(recoveryCode) =>
            onVerified({ challengeToken: challenge.challengeToken, recoveryCode })
          }
          onRestart={onRestart}
        />
      ) : (
        <AnswerForm
          field="code"
          submit={(code) =>
            (enrolling ? onEnrolled : onVerified)({
              challengeToken: challenge.challengeToken,
              code,
            })
          }
          onRestart={onRestart}
        />
      )}
      {!enrolling && (
        <Button variant="link" className="px-0 mt-2" onClick={() => setUseRecovery(!useRecovery)}>
          {useRecovery ? t('login.useAppCode') : t('login.lostPhone')}
        </Button>
      )}
    </>
  );
}

/** An expired or used-up challenge cannot be retried: the form offers to start again. */
const challengeDead = (error: unknown) => error instanceof ApiError && error.status === 401;

const answerForms = {
  code: {
    schema: codeForm,
    label: 'login.codeLabel',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
  },
  recoveryCode: {
    schema: recoveryForm,
    label: 'login.recoveryLabel',
    inputMode: 'text',
    autoComplete: 'off',
  },
} as const;

/** The one field of the second step: the app's code, or a recovery code. */
function AnswerForm({
  field,
  submit,
  onRestart,
}: {
  field: keyof typeof answerForms;
  submit: (answer: string) => Promise<void>;
  onRestart: () => void;
}) {
  const t = useT<typeof en>();
  const message = useMessage();
  const form = answerForms[field];
  const [problem, setProblem] = useState('');
  const [dead, setDead] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Record<string, string>>({ resolver: zodResolver(form.schema) as never });
  const onSubmit = handleSubmit(async (values) => {
    setProblem('');
    try {
      await submit(values[field] ?? '');
    } catch (error) {
      setDead(challengeDead(error));
      setProblem(showServerErrors(error, setError, [field]));
    }
  });
  return (
    <Form noValidate onSubmit={onSubmit}>
      {problem && <Alert variant="danger">{message(problem)}</Alert>}
      {dead ? (
        <Button onClick={onRestart}>{t('login.signInAgain')}</Button>
      ) : (
        <>
          <FormField
            label={t(form.label)}
            inputMode={form.inputMode}
            autoComplete={form.autoComplete}
            autoFocus
            registration={register(field)}
            error={errors[field]}
          />
          <Button type="submit" className="w-100" disabled={isSubmitting}>
            {isSubmitting ? t('login.checking') : t('login.continue')}
          </Button>
        </>
      )}
    </Form>
  );
}
