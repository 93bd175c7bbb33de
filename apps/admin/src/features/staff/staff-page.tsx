import { zodResolver } from '@hookform/resolvers/zod';
import {
  staffInvitationRequestSchema,
  type StaffInvitationRequest,
  type StaffMember,
  type StaffRole,
} from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useForm } from 'react-hook-form';
import { useConfirm } from '../../components/confirm.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useSession } from '../../lib/use-session.js';
import {
  useChangeRole,
  useInvite,
  useRemoveMember,
  useStaffInvitations,
  useStaffMembers,
  useWithdrawInvitation,
} from './api.js';
import { useFormat, useMessage, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The owner's page: who is on the staff, their roles, and invitations by e-mail. */
export default function StaffPage() {
  const t = useT<typeof en>();
  const message = useMessage();
  const format = useFormat();
  const members = useStaffMembers();
  const invitations = useStaffInvitations();
  const sendRole = useChangeRole();
  const removeMember = useRemoveMember();
  const withdraw = useWithdrawInvitation();
  const session = useSession();
  const toast = useToast();
  const confirm = useConfirm();

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast(done);
    } catch (error) {
      toast(error instanceof ApiError ? message(error.message) : t('staff.failed'), 'danger');
    }
  };
  const changeRole = (member: StaffMember, role: StaffRole) =>
    act(
      () => sendRole({ memberId: member.id, role }),
      t('staff.roleChanged', { name: member.name, role }),
    );
  const remove = async (member: StaffMember) => {
    const sure = await confirm({
      title: t('staff.removeTitle', { name: member.name }),
      body: t('staff.removeBody', { email: member.email }),
      action: t('staff.removeAction'),
    });
    if (sure) await act(() => removeMember(member.id), t('staff.removed', { name: member.name }));
  };

  return (
    <>
      <h1 className="h3 mb-4">{t('staff.title')}</h1>
      <Row className="g-4">
        <Col lg={8}>
          <PageState of={members} />
          {members.data && (
            <Table responsive hover className="table-admin align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('staff.name')}</th>
                  <th scope="col">{t('staff.email')}</th>
                  <th scope="col">{t('staff.authenticator')}</th>
                  <th scope="col">{t('staff.roleColumn')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('staff.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.map((member) => {
                  const self = member.id === session?._id;
                  return (
                    <tr key={member.id}>
                      <td>
                        {member.name} {self && <Badge bg="secondary">{t('staff.you')}</Badge>}
                      </td>
                      <td>{member.email}</td>
                      <td>
                        {member.secondFactor ? (
                          <Badge bg="success">{t('staff.setUp')}</Badge>
                        ) : (
                          <Badge bg="warning" text="dark">
                            {t('staff.notYet')}
                          </Badge>
                        )}
                      </td>
                      <td>
                        <Form.Select
                          size="sm"
                          aria-label={t('staff.roleOf', { name: member.name })}
                          value={member.role}
                          disabled={self}
                          onChange={(event) =>
                            void changeRole(member, event.target.value as StaffRole)
                          }
                        >
                          <option value="owner">{t('staff.role', { role: 'owner' })}</option>
                          <option value="staff">{t('staff.role', { role: 'staff' })}</option>
                        </Form.Select>
                      </td>
                      <td className="text-end">
                        {!self && (
                          <Button
                            variant="outline-danger"
                            size="sm"
                            onClick={() => void remove(member)}
                          >
                            {t('staff.remove')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
          <p className="small text-body-secondary">{t('staff.rolesHelp')}</p>
        </Col>
        <Col lg={4}>
          <InviteForm />
          <h2 className="h5 mt-4">{t('staff.openInvitations')}</h2>
          <PageState of={invitations} />
          {invitations.data?.length === 0 && (
            <p className="text-body-secondary">{t('staff.none')}</p>
          )}
          <ul className="list-unstyled">
            {invitations.data?.map((invitation) => (
              <li
                key={invitation.id}
                className="border rounded p-2 mb-2 d-flex justify-content-between gap-2"
              >
                <div>
                  <div>{invitation.email}</div>
                  <div className="small text-body-secondary">
                    {t('staff.invitationLine', {
                      role: invitation.role,
                      until: format.dateTime(invitation.expiresAt),
                    })}
                  </div>
                </div>
                <Button
                  variant="link"
                  size="sm"
                  className="text-danger"
                  onClick={() =>
                    void act(
                      () => withdraw(invitation.id),
                      t('staff.withdrawn', { email: invitation.email }),
                    )
                  }
                >
                  {t('staff.withdraw')}
                </Button>
              </li>
            ))}
          </ul>
        </Col>
      </Row>
    </>
  );
}

function InviteForm() {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const invite = useInvite();
  const [problem, setProblem] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffInvitationRequest>({
    resolver: zodResolver(staffInvitationRequestSchema),
    defaultValues: { email: '', role: 'staff' },
  });
  const submit = handleSubmit(async (body) => {
    setProblem('');
    try {
      await invite(body);
      toast(t('staff.invited', { email: body.email }));
      reset();
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['email', 'role']));
    }
  });
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">{t('staff.inviteTitle')}</h2>
        <Form noValidate onSubmit={submit}>
          {problem && <Alert variant="danger">{message(problem)}</Alert>}
          <FormField
            label={t('staff.email')}
            type="email"
            registration={register('email')}
            error={errors.email}
          />
          <Form.Group className="mb-3" controlId="invite-role">
            <Form.Label>{t('staff.roleColumn')}</Form.Label>
            <Form.Select {...register('role')} isInvalid={Boolean(errors.role)}>
              <option value="staff">{t('staff.role', { role: 'staff' })}</option>
              <option value="owner">{t('staff.role', { role: 'owner' })}</option>
            </Form.Select>
            <Form.Control.Feedback type="invalid">
              {errors.role?.message && message(errors.role.message)}
            </Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('staff.sending') : t('staff.send')}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
