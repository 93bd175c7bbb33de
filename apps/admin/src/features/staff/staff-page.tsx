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
import { shopDateTime } from '../../lib/dates.js';
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

const roleNames: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff' };

/** The owner's page: who is on the staff, their roles, and invitations by e-mail. */
export default function StaffPage() {
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
      toast(error instanceof ApiError ? error.message : 'That did not work.', 'danger');
    }
  };
  const changeRole = (member: StaffMember, role: StaffRole) =>
    act(
      () => sendRole({ memberId: member.id, role }),
      `${member.name} is now ${roleNames[role].toLowerCase()}.`,
    );
  const remove = async (member: StaffMember) => {
    const sure = await confirm({
      title: `Remove ${member.name}?`,
      body: `${member.email} can no longer open the back office; their account stays as a customer account.`,
      action: 'Remove from staff',
    });
    if (sure)
      await act(() => removeMember(member.id), `${member.name} was removed from the staff.`);
  };

  return (
    <>
      <h1 className="h3 mb-4">Staff</h1>
      <Row className="g-4">
        <Col lg={8}>
          <PageState of={members} />
          {members.data && (
            <Table responsive hover className="table-admin align-middle">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Authenticator</th>
                  <th scope="col">Role</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.map((member) => {
                  const self = member.id === session?._id;
                  return (
                    <tr key={member.id}>
                      <td>
                        {member.name} {self && <Badge bg="secondary">You</Badge>}
                      </td>
                      <td>{member.email}</td>
                      <td>
                        {member.secondFactor ? (
                          <Badge bg="success">Set up</Badge>
                        ) : (
                          <Badge bg="warning" text="dark">
                            Not yet
                          </Badge>
                        )}
                      </td>
                      <td>
                        <Form.Select
                          size="sm"
                          aria-label={`Role of ${member.name}`}
                          value={member.role}
                          disabled={self}
                          onChange={(event) =>
                            void changeRole(member, event.target.value as StaffRole)
                          }
                        >
                          <option value="owner">Owner</option>
                          <option value="staff">Staff</option>
                        </Form.Select>
                      </td>
                      <td className="text-end">
                        {!self && (
                          <Button
                            variant="outline-danger"
                            size="sm"
                            onClick={() => void remove(member)}
                          >
                            Remove
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )}
          <p className="small text-body-secondary">
            Owners can do everything, including staff and settings; staff can do everything else.
          </p>
        </Col>
        <Col lg={4}>
          <InviteForm />
          <h2 className="h5 mt-4">Open invitations</h2>
          <PageState of={invitations} />
          {invitations.data?.length === 0 && <p className="text-body-secondary">None.</p>}
          <ul className="list-unstyled">
            {invitations.data?.map((invitation) => (
              <li
                key={invitation.id}
                className="border rounded p-2 mb-2 d-flex justify-content-between gap-2"
              >
                <div>
                  <div>{invitation.email}</div>
                  <div className="small text-body-secondary">
                    {roleNames[invitation.role]} · valid until {shopDateTime(invitation.expiresAt)}
                  </div>
                </div>
                <Button
                  variant="link"
                  size="sm"
                  className="text-danger"
                  onClick={() =>
                    void act(
                      () => withdraw(invitation.id),
                      `The invitation to ${invitation.email} was withdrawn.`,
                    )
                  }
                >
                  Withdraw
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
      toast(`An invitation was mailed to ${body.email}.`);
      reset();
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['email', 'role']));
    }
  });
  return (
    <Card>
      <Card.Body>
        <h2 className="h5">Invite someone</h2>
        <Form noValidate onSubmit={submit}>
          {problem && <Alert variant="danger">{problem}</Alert>}
          <FormField
            label="E-mail"
            type="email"
            registration={register('email')}
            error={errors.email}
          />
          <Form.Group className="mb-3" controlId="invite-role">
            <Form.Label>Role</Form.Label>
            <Form.Select {...register('role')} isInvalid={Boolean(errors.role)}>
              <option value="staff">Staff</option>
              <option value="owner">Owner</option>
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errors.role?.message}</Form.Control.Feedback>
          </Form.Group>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send invitation'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
