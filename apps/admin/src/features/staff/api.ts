import {
  staffInvitationsSchema,
  staffMembersSchema,
  type StaffInvitationRequest,
  type StaffRole,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.js';
import { apiQuery, useApiMutation } from '../../lib/api-query.js';

const staff = '/api/admin/staff';
const invitations = `${staff}/invitations`;

/** The team and its invitations: every change here reloads both. */
const staffKey = ['staff'] as const;

export const useStaffMembers = () => useQuery(apiQuery(staffKey, staff, staffMembersSchema));

export const useStaffInvitations = () =>
  useQuery(apiQuery([...staffKey, 'invitations'], invitations, staffInvitationsSchema));

export const useChangeRole = () =>
  useApiMutation(
    ({ memberId, role }: { memberId: string; role: StaffRole }) =>
      api(`${staff}/${memberId}/role`, z.null(), { method: 'PUT', body: { role } }),
    [staffKey],
  );

export const useRemoveMember = () =>
  useApiMutation(
    (memberId: string) => api(`${staff}/${memberId}`, z.null(), { method: 'DELETE' }),
    [staffKey],
  );

export const useInvite = () =>
  useApiMutation(
    (body: StaffInvitationRequest) => api(invitations, z.unknown(), { method: 'POST', body }),
    [staffKey],
  );

export const useWithdrawInvitation = () =>
  useApiMutation(
    (invitationId: string) => api(`${invitations}/${invitationId}`, z.null(), { method: 'DELETE' }),
    [staffKey],
  );
