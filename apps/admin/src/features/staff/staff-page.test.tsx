import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffInvitation, StaffMember } from '@shop/shared';
import { renderWithQueries } from '../../test/render.js';
import StaffPage from './staff-page.js';

// A change reloads what it changed (issue 30.7): the page never reloads by hand; the invitation's
// call invalidates the staff queries, and the list on screen asks the server again.

const owner: StaffMember = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Olga Owner',
  email: 'olga@example.no',
  role: 'owner',
  secondFactor: true,
};

const invitation: StaffInvitation = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'sam@example.no',
  role: 'staff',
  invitedBy: 'olga@example.no',
  createdAt: '2030-06-05T10:00:00.000Z',
  expiresAt: '2030-06-12T10:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The staff calls, with the invitations the server holds, and the calls made, in order. */
function stubServer() {
  const held: StaffInvitation[] = [];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (method === 'GET' && path === '/api/admin/staff') return json([owner]);
      if (method === 'GET' && path === '/api/admin/staff/invitations') return json([...held]);
      if (method === 'POST' && path === '/api/admin/staff/invitations') {
        held.push(invitation);
        return json(invitation, 201);
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the staff page’s data (issue 30.7)', () => {
  it('shows a sent invitation among the open ones: the invitation reloads the lists', async () => {
    const calls = stubServer();
    renderWithQueries(<StaffPage />);
    expect(await screen.findByText('None.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: invitation.email } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText(invitation.email)).toBeTruthy();
    expect(screen.queryByText('None.')).toBeNull();
    await waitFor(() => expect(calls.filter((call) => call.startsWith('GET'))).toHaveLength(4));
    // Both lists, once each before the change and once after it.
    expect(calls.slice(0, 3)).toEqual([
      'GET /api/admin/staff',
      'GET /api/admin/staff/invitations',
      'POST /api/admin/staff/invitations',
    ]);
    expect(calls.slice(3).sort()).toEqual([
      'GET /api/admin/staff',
      'GET /api/admin/staff/invitations',
    ]);
  });
});

describe('the staff page in Norwegian (issue 31.7)', () => {
  it('names the roles and the invitation in bokmål, with the date as Norwegians write it', async () => {
    const held = { ...invitation, expiresAt: '2030-06-12T12:05:00.000Z' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/admin/staff'
          ? json([owner])
          : json(path.endsWith('invitations') ? [held] : []),
      ),
    );
    renderWithQueries(<StaffPage />, { locale: 'nb' });
    expect(await screen.findByRole('heading', { name: 'Ansatte', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Ansatt · gyldig til 12. juni 2030 kl. 14.05')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Rolle' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send invitasjon' })).toBeTruthy();
    expect(screen.getByLabelText('Rollen til Olga Owner')).toBeTruthy();
  });
});
