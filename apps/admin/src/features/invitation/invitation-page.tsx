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

const newAccountForm = z.object({ name: nameSchema, password: newPasswordSchema });
const existingAccountForm = z.object({ password: passwordSchema });

/** Where an invitation's link leads: the invitee chooses a password (or proves their account). */
export function InvitationPage() {
  const { token = '' } = useParams();
  const details = useInvitation(token);
  const [joined, setJoined] = useState(false);
  return (
    <main className="login-page d-flex align-items-center justify-content-center p-3">
      <Card className="login-card shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h4 mb-1">Join the back office</h1>
          <p className="text-body-secondary mb-4">Nordic Trading Shop</p>
          <PageState of={details} />
          {joined ? (
            <>
              <Alert variant="success">
                Welcome! Sign in now and set up the authenticator app on your phone.
              </Alert>
              <Link to="/login" className="btn btn-primary w-100">
                Sign in
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
        You are invited as <strong>{details.role === 'owner' ? 'an owner' : 'staff'}</strong> with{' '}
        <strong>{details.email}</strong>.
      </p>
      {problem && <Alert variant="danger">{problem}</Alert>}
      {details.existingAccount ? (
        <FormField
          label="The password of your account"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
          help="This address already has an account in the shop; it will open the back office too."
        />
      ) : (
        <>
          <FormField
            label="Your name"
            autoComplete="name"
            registration={register('name')}
            error={errors.name}
          />
          <FormField
            label="Choose a password"
            type="password"
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password}
            help="At least 8 characters, with a capital letter, a small letter, a digit and one of # ? ! @ $ % ^ & * -"
          />
        </>
      )}
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting ? 'Joining…' : 'Join'}
      </Button>
    </Form>
  );
}
