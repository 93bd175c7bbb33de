import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCustomerDetailSchema,
  adminCustomerListQuerySchema,
  adminCustomerPageSchema,
  customerBlockRequestSchema,
  customerExportSchema,
  idSchema,
  messageResponseSchema,
} from '@shop/shared';
import {
  adminDocs,
  adminErrors,
  audience,
  ownerGuard,
  staffGuard,
} from '../../admin/admin-routes.js';
import type { AccountsService } from '../accounts/index.js';
import { currentUser } from '../../auth/current-user.js';
import { exportedOrderToWire } from '../orders/index.js';
import { exportCustomer, getCustomer, listCustomers, setBlocked } from './customers.service.js';

const params = z.object({ id: idSchema });
const customersOnly =
  'Customer accounts only: staff accounts and guest sessions are not customers here (404).';

const actorOf = (request: FastifyRequest) => {
  const user = currentUser(request);
  return { id: user.id, email: user.email };
};

/** The back office's customers: `/api/admin/customers`. */
export const customersAdminRoutes: FastifyPluginAsync<{ accounts: AccountsService }> = async (
  instance,
  { accounts },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get(
    '/admin/customers',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'Customers, searched, filtered and paged (ours)',
        description:
          '`q` is part of the name or the e-mail address; `verified` and `blocked` are true or ' +
          `false. Newest account first; never staff, never guests. ${audience.staff}`,
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerPageSchema, ...adminErrors },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    '/admin/customers/:id',
    {
      ...staffGuard(app),
      schema: {
        ...adminDocs,
        summary: 'One customer with orders, reviews and addresses (ours)',
        description:
          'The profile, whether the address is verified, the account and checkout addresses, ' +
          'the block and its reason, the orders (number, date, total in øre, delivery and ' +
          `payment states) and the reviews. ${customersOnly} ${audience.staff}`,
        params,
        response: { 200: adminCustomerDetailSchema, ...adminErrors },
      },
    },
    async (request) => getCustomer(db, request.params.id),
  );

  app.post(
    '/admin/customers/:id/resend-verification',
    {
      ...staffGuard(app),
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Mail the customer a new verification link (ours)',
        description:
          'The sign-up mail again, with a new link valid for 24 hours. 409 when the address is ' +
          `verified already. ${customersOnly} ${audience.staff}`,
        params,
        response: { 200: messageResponseSchema, ...adminErrors },
      },
    },
    async (request) => accounts.resendVerification(request.params.id),
  );

  app.post(
    '/admin/customers/:id/block',
    {
      ...ownerGuard(app),
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Block a customer (ours)',
        description:
          'The customer is signed out everywhere at once, and every sign-in (password, refresh, ' +
          'Google or Apple) is refused with 403 "This account is blocked: <reason>. Contact the ' +
          `shop." Blocking again changes the reason. Audited. ${customersOnly} ${audience.owner}`,
        params,
        body: customerBlockRequestSchema,
        response: { 200: adminCustomerDetailSchema, ...adminErrors },
      },
    },
    async (request) => setBlocked(db, request.params.id, request.body.reason, actorOf(request)),
  );

  app.post(
    '/admin/customers/:id/unblock',
    {
      ...ownerGuard(app),
      config: { showsShoppersNothingNew: true },
      schema: {
        ...adminDocs,
        summary: 'Lift the block of a customer (ours)',
        description: `The customer can sign in again. Audited. ${customersOnly} ${audience.owner}`,
        params,
        response: { 200: adminCustomerDetailSchema, ...adminErrors },
      },
    },
    async (request) => setBlocked(db, request.params.id, null, actorOf(request)),
  );

  app.get(
    '/admin/customers/:id/export',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: "Export a customer's data (GDPR access, ours)",
        description:
          'Everything the shop holds about the customer as JSON: the account and its linked ' +
          'sign-ins, addresses, orders with lines, reviews, wishlist and the enquiries sent from ' +
          `its address. Audited. ${customersOnly} ${audience.owner}`,
        params,
        response: { 200: customerExportSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const data = await exportCustomer(db, request.params.id, actorOf(request));
      reply.header('cache-control', 'no-store');
      reply.header(
        'content-disposition',
        `attachment; filename="customer-${data.profile.id}.json"`,
      );
      return { ...data, orders: data.orders.map(exportedOrderToWire) };
    },
  );

  app.delete(
    '/admin/customers/:id',
    {
      ...ownerGuard(app),
      schema: {
        ...adminDocs,
        summary: "Delete a customer's account (ours)",
        description:
          'As the customer can delete it: the account, its sessions, reviews, wishlist and ' +
          'mails go; orders are kept for the bookkeeping without name and addresses; the ' +
          `customer is mailed that it is done. Audited. ${customersOnly} ${audience.owner}`,
        params,
        response: { 204: z.null().describe('Deleted'), ...adminErrors },
      },
    },
    async (request, reply) => {
      await accounts.deleteCustomer(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
