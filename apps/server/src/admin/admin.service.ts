import type { z } from 'zod';
import { signupRequestSchema } from '@shop/shared';
import type { Database } from '../db/client.js';
import {
  createOwnerAccount,
  findAccountForOwner,
  grantOwnerRole,
} from '../modules/accounts/index.js';

export interface OwnerAccountInput {
  email: string;
  name?: string;
  password?: string;
}

export type OwnerAccountResult =
  | { outcome: 'created'; id: string; email: string }
  | { outcome: 'promoted' | 'already-owner'; id: string; email: string; verified: boolean };

/** A problem with the input that the command line reports as it is. */
export class AdminInputError extends Error {}

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AdminInputError(`${what}: ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
}

/**
 * Gives the shop an owner: a new verified local account, or the owner role for the existing
 * account of that address (a staff member's or a customer's), whose name and password then stay
 * as they are. Sign-up's rules apply to the address, the name and the password.
 */
export async function createOwner(
  db: Database,
  input: OwnerAccountInput,
): Promise<OwnerAccountResult> {
  const { shape } = signupRequestSchema;
  const email = checked(shape.email, input.email, '--email');
  const existing = await findAccountForOwner(db, email);
  if (existing) {
    const { verified } = existing;
    if (existing.role === 'owner')
      return { outcome: 'already-owner', id: existing.id, email, verified };
    await grantOwnerRole(db, existing.id);
    return { outcome: 'promoted', id: existing.id, email, verified };
  }
  if (input.name === undefined) throw new AdminInputError('--name is required for a new account');
  if (input.password === undefined)
    throw new AdminInputError('--password is required for a new account');
  const name = checked(shape.name, input.name, '--name');
  const password = checked(shape.password, input.password, '--password');
  const id = await createOwnerAccount(db, { email, name, password });
  return { outcome: 'created', id, email };
}
