import type { z } from 'zod';
import {
  type AdminCustomerDetail,
  type adminCustomerListQuerySchema,
  type AdminCustomerPage,
  type AdminCustomerRow,
  type CustomerExport,
} from '@shop/shared';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../domain-errors.js';
import {
  customerAccount,
  type CustomerAccount,
  linkedSignIns,
  listCustomerAccounts,
  setCustomerBlock,
  wishlistEntries,
} from '../accounts/index.js';
import { changedFields, recordAudit, type Actor } from '../audit/index.js';
import { enquiriesFrom } from '../enquiries/index.js';
import {
  customerOrderSummaries,
  customerOrdersForExport,
  type ExportedOrderInOre,
} from '../orders/index.js';
import { reviewHistory } from '../reviews/index.js';

/**
 * The back office's customers: the accounts module's customer accounts with what the orders,
 * reviews and enquiries modules hold about them, each read through its own service.
 */

type CustomerListQuery = z.output<typeof adminCustomerListQuerySchema>;

function toRow(account: CustomerAccount): AdminCustomerRow {
  return {
    id: account.id,
    name: account.name,
    email: account.email ?? '',
    provider: account.provider,
    verified: account.emailVerifiedAt !== null,
    blocked: account.blockedAt
      ? { at: account.blockedAt.toISOString(), reason: account.blockedReason ?? '' }
      : null,
    createdAt: account.createdAt.toISOString(),
  };
}

const accountAddress = (account: CustomerAccount) => ({
  phone: account.phone,
  address: account.address,
  apartmentNumber: account.apartmentNumber,
  postalCode: account.postalCode,
  city: account.city,
  country: account.country,
});

export async function listCustomers(
  db: Database,
  query: CustomerListQuery,
): Promise<AdminCustomerPage> {
  const { rows, total } = await listCustomerAccounts(db, query);
  return { customers: rows.map(toRow), total, page: query.page, pageSize: query.pageSize };
}

async function requireCustomer(db: Database, customerId: string): Promise<CustomerAccount> {
  const account = await customerAccount(db, customerId);
  if (!account) throw new NotFoundError('errors.customers.notFound');
  return account;
}

export async function getCustomer(db: Database, customerId: string): Promise<AdminCustomerDetail> {
  const account = await requireCustomer(db, customerId);
  const [orders, reviews] = await Promise.all([
    customerOrderSummaries(db, account.id),
    // Staff know products by their bokmål names, as the catalogue lists them.
    reviewHistory(db, account.id, 'nb'),
  ]);
  return {
    ...toRow(account),
    verifiedAt: account.emailVerifiedAt?.toISOString() ?? null,
    phone: account.phone,
    accountAddress: accountAddress(account),
    shippingDetails: account.shippingDetails ?? null,
    billingAddress: account.billingAddress ?? null,
    orders,
    reviews: reviews.map((review) => ({
      id: review._id,
      productId: review.product._id,
      productName: review.product.name,
      rating: review.rating,
      status: review.status,
      date: review.date,
    })),
  };
}

/**
 * Blocks a customer with the reason they are told at sign-in, or lifts the block (`reason`
 * null); their sessions end at once. Audited in the same transaction.
 */
export async function setBlocked(
  db: Database,
  customerId: string,
  reason: string | null,
  actor: Actor,
): Promise<AdminCustomerDetail> {
  await db.transaction(async (tx) => {
    const before = await customerAccount(tx, customerId);
    if (!before) throw new NotFoundError('errors.customers.notFound');
    await setCustomerBlock(tx, customerId, reason);
    await recordAudit(tx, {
      actor,
      action: reason === null ? 'unblock' : 'block',
      entity: 'customer',
      entityId: customerId,
      changes: changedFields(
        { blocked: before.blockedAt !== null, blockedReason: before.blockedReason },
        { blocked: reason !== null, blockedReason: reason },
      ),
    });
  });
  return getCustomer(db, customerId);
}

/** A customer's data export with its orders in øre (the route sends them in NOK). */
export type CustomerExportInOre = Omit<CustomerExport, 'orders'> & { orders: ExportedOrderInOre[] };

/**
 * Everything the shop holds about a customer (GDPR art. 15): the account, its addresses and
 * linked sign-ins, orders with lines, reviews, wishlist, and enquiries sent from its address.
 * The export itself is audited: it hands personal data out.
 */
export async function exportCustomer(
  db: Database,
  customerId: string,
  actor: Actor,
): Promise<CustomerExportInOre> {
  const account = await requireCustomer(db, customerId);
  const email = account.email ?? '';
  const [signIns, orders, reviews, wishlist, enquiries] = await Promise.all([
    linkedSignIns(db, account.id),
    customerOrdersForExport(db, account.id),
    reviewHistory(db, account.id, 'nb'),
    wishlistEntries(db, account.id),
    email ? enquiriesFrom(db, email) : [],
  ]);
  await recordAudit(db, { actor, action: 'export', entity: 'customer', entityId: account.id });
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: account.id,
      name: account.name,
      email,
      provider: account.provider,
      role: account.role,
      verifiedAt: account.emailVerifiedAt?.toISOString() ?? null,
      createdAt: account.createdAt.toISOString(),
      updatedAt: account.updatedAt.toISOString(),
      currencyCode: account.currencyCode,
      blocked: toRow(account).blocked,
      signInWith: signIns,
    },
    addresses: {
      account: accountAddress(account),
      shippingDetails: account.shippingDetails ?? null,
      billingAddress: account.billingAddress ?? null,
    },
    orders,
    reviews,
    wishlist,
    enquiries,
  };
}
