import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminLoginResponse } from '@shop/shared';
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

const codeForm = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, { error: 'Enter the 6-digit code from your authenticator app.' }),
});
const recoveryForm = z.object({
  recoveryCode: z
    .string()
    .trim()
    .refine((code) => /^\d{15}$/.test(code.replace(/[\s-]/g, '')), {
      error: 'Enter a recovery code as it was shown, such as 12345-67890-12345.',
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
          <h2 className="h5">Set up your authenticator app</h2>
          <p>
            Scan this code with an authenticator app (such as Google Authenticator, Microsoft
            Authenticator or 1Password), then enter the 6-digit code it shows.
          </p>
          <img
            src={qrCode}
            alt="QR code to add the shop to your authenticator app"
            width={180}
            height={180}
            className="d-block mx-auto mb-2"
          />
          <p className="small text-body-secondary">
            Cannot scan? Type this key into the app:{' '}
            <code className="user-select-all" data-testid="totp-secret">
              {grouped(challenge.step === 'enrol' ? challenge.secret : '')}
            </code>
          </p>
        </>
      ) : (
        <h2 className="h5">{useRecovery ? 'Use a recovery code' : 'Enter your code'}</h2>
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
          {useRecovery
            ? 'Use the code from my app instead'
            : 'Lost your phone? Use a recovery code'}
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
    label: '6-digit code',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
  },
  recoveryCode: {
    schema: recoveryForm,
    label: 'Recovery code',
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
      {problem && <Alert variant="danger">{problem}</Alert>}
      {dead ? (
        <Button onClick={onRestart}>Sign in again</Button>
      ) : (
        <>
          <FormField
            label={form.label}
            inputMode={form.inputMode}
            autoComplete={form.autoComplete}
            autoFocus
            registration={register(field)}
            error={errors[field]}
          />
          <Button type="submit" className="w-100" disabled={isSubmitting}>
            {isSubmitting ? 'Checking…' : 'Continue'}
          </Button>
        </>
      )}
    </Form>
  );
}
