import type { z } from 'zod';
import { signupRequestSchema } from '@shop/shared';
import type { Database } from '../db/client.js';
import {
  createAdminAccount,
  findAccountForAdmin,
  grantAdminRole,
} from '../modules/accounts/users.service.js';

export interface AdminAccountInput {
  email: string;
  name?: string;
  password?: string;
}

export type AdminAccountResult =
  | { outcome: 'created'; id: string; email: string }
  | { outcome: 'promoted' | 'already-admin'; id: string; email: string; verified: boolean };

/** A problem with the input that the command line reports as it is. */
export class AdminInputError extends Error {}

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AdminInputError(`${what}: ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
}

/**
 * Gives the shop owner an admin account: a new verified local account, or the admin role for
 * the existing account of that address, whose name and password then stay as they are.
 * Sign-up's rules apply to the address, the name and the password.
 */
export async function createAdmin(
  db: Database,
  input: AdminAccountInput,
): Promise<AdminAccountResult> {
  const { shape } = signupRequestSchema;
  const email = checked(shape.email, input.email, '--email');
  const existing = await findAccountForAdmin(db, email);
  if (existing) {
    const { verified } = existing;
    if (existing.role === 'admin')
      return { outcome: 'already-admin', id: existing.id, email, verified };
    await grantAdminRole(db, existing.id);
    return { outcome: 'promoted', id: existing.id, email, verified };
  }
  if (input.name === undefined) throw new AdminInputError('--name is required for a new account');
  if (input.password === undefined)
    throw new AdminInputError('--password is required for a new account');
  const name = checked(shape.name, input.name, '--name');
  const password = checked(shape.password, input.password, '--password');
  const id = await createAdminAccount(db, { email, name, password });
  return { outcome: 'created', id, email };
}
