import { zodResolver } from '@hookform/resolvers/zod';
import {
  newPasswordSchema,
  nameSchema,
  passwordSchema,
  type InvitationDetails,
} from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { acceptInvitation, useInvitation } from './api.js';
import { LanguageChoice } from '../../components/language-choice.js';
import { RichText, useMessage, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

const newAccountForm = z.object({ name: nameSchema, password: newPasswordSchema });
const existingAccountForm = z.object({ password: passwordSchema });

/** Where an invitation's link leads: the invitee chooses a password (or proves their account). */
export function InvitationPage() {
  const { token = '' } = useParams();
  const details = useInvitation(token);
  const t = useT<typeof en>();
  const [joined, setJoined] = useState(false);
  return (
    <main className="login-page d-flex align-items-center justify-content-center p-3">
      <Card className="login-card shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-1">{t('invitation.title')}</h1>
          <p className="text-body-secondary mb-4">{t('invitation.shopName')}</p>
          <LanguageChoice />
          <PageState of={details} />
          {joined ? (
            <>
              <Alert variant="success">{t('invitation.welcome')}</Alert>
              <Link to="/login" className="btn btn-primary w-100">
                {t('invitation.signIn')}
              </Link>
            </>
          ) : (
            details.data && (
              <AcceptForm token={token} details={details.data} onJoined={() => setJoined(true)} />
            )
          )}
        </Card.Body>
      </Card>
    </main>
  );
}

function AcceptForm({
  token,
  details,
  onJoined,
}: {
  token: string;
  details: InvitationDetails;
  onJoined: () => void;
}) {
  const t = useT<typeof en>();
  const message = useMessage();
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string; password: string }>({
    resolver: zodResolver(details.existingAccount ? existingAccountForm : newAccountForm) as never,
    defaultValues: { name: '', password: '' },
  });
  const submit = handleSubmit(async ({ name, password }) => {
    setProblem('');
    try {
      await acceptInvitation(
        details.existingAccount
          ? { token, existingAccount: true, password }
          : { token, existingAccount: false, name, password },
      );
      onJoined();
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['name', 'password']));
    }
  });
  return (
    <Form noValidate onSubmit={submit}>
      <p>
        <RichText<typeof en>
          id="invitation.invitedAs"
          values={{ role: details.role, email: details.email }}
          components={{ 0: <strong />, 1: <strong /> }}
        />
      </p>
      {problem && <Alert variant="danger">{message(problem)}</Alert>}
      {details.existingAccount ? (
        <FormField
          label={t('invitation.existingPassword')}
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
          help={t('invitation.existingHelp')}
        />
      ) : (
        <>
          <FormField
            label={t('invitation.name')}
            autoComplete="name"
            registration={register('name')}
            error={errors.name}
          />
          <FormField
            label={t('invitation.choosePassword')}
            type="password"
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password}
            help={t('invitation.passwordHelp')}
          />
        </>
      )}
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting ? t('invitation.joining') : t('invitation.join')}
      </Button>
    </Form>
  );
}
