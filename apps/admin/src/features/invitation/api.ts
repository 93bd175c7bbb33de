import { invitationDetailsSchema, type InvitationAcceptRequest } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client.js';
import { apiQuery } from '../../lib/api-query.js';

const invitations = '/api/admin/invitations';

/** Whom the invitation is for, and whether their e-mail already has an account. */
export const useInvitation = (token: string) =>
  useQuery(
    apiQuery(
      ['invitations', token],
      `${invitations}/${encodeURIComponent(token)}`,
      invitationDetailsSchema,
    ),
  );

/** Joins the staff; a plain call, since the page then only points to the sign-in. */
export const acceptInvitation = (body: InvitationAcceptRequest) =>
  api(`${invitations}/accept`, z.unknown(), { method: 'POST', body });
