import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePaymentResponse } from '@shop/shared';
import {
  bearer,
  createVerifiedUser,
  deliveredCopy,
  latestMail,
  uniqueEmail,
  uniqueIp,
  strongPassword,
} from '../../test/account-fixtures.js';
import {
  insertCatalogFixture,
  required,
  type CatalogFixture,
} from '../../test/catalog-fixtures.js';
import {
  createPayment,
  line,
  payWithTestCard,
  placeOrder,
  saveOsloAddress,
} from '../../test/checkout-fixtures.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { seedShippingRatesIfEmpty } from '../shipping/shipping-rates-seed.js';

// Issue 31.7: the language a mail is written in follows the request that made the account or
// the order, and the customer's own choice on their profile.

let ctx: TestContext;
let catalog: CatalogFixture;

beforeAll(async () => {
  ctx = await createTestApp();
  catalog = await insertCatalogFixture(ctx.db);
  await seedShippingRatesIfEmpty(ctx.db);
});
afterAll(() => ctx.close());

const norwegian = { 'accept-language': 'nb-NO,nb;q=0.9,en;q=0.5' };

describe('the language of the mails', () => {
  it('an order paid from a Norwegian page is confirmed in bokmål, one asked in no language in English', async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    await saveOsloAddress(ctx.app, user);
    const lines = [line(required(catalog.products['acacia-honey']?.itemIds[''], 'honey'))];
    const order = async (headers: Record<string, string>) => {
      const created = await createPayment(ctx.app, user, lines, { headers });
      expect(created.statusCode, created.body).toBe(200);
      const { paymentId } = created.json<CreatePaymentResponse>();
      expect((await payWithTestCard(ctx.app, paymentId)).statusCode).toBe(200);
      expect((await placeOrder(ctx.app, user, paymentId, lines)).statusCode).toBe(201);
      // The worker may send it at once and drop its body: read the copy as delivered.
      const queued = required(await latestMail(ctx.db, user.email, 'order-confirmation'), 'mail');
      return deliveredCopy(ctx.app, queued.id);
    };

    const inNorwegian = await order(norwegian);
    expect(inNorwegian?.subject).toMatch(/^Ordrebekreftelse: bestilling \d+ hos /);
    expect(inNorwegian?.text).toContain('Angreskjema');
    expect(inNorwegian?.text).toContain('/terms-conditions');
    const inEnglish = await order({});
    expect(inEnglish?.subject).toMatch(/^Your .+ order \d+$/);
    expect(inEnglish?.text).toContain('Withdrawal form');
    expect(inEnglish?.text).toContain('/en/terms-conditions');
  });

  it('an account made on a Norwegian page gets its mails in bokmål', async () => {
    const email = uniqueEmail('norsk');
    const signup = await ctx.app.inject({
      remoteAddress: uniqueIp(),
      method: 'POST',
      url: '/api/subscribers',
      headers: norwegian,
      payload: { name: 'Kari Nordmann', email, password: strongPassword, provider: 'local' },
    });
    expect(signup.statusCode).toBe(201);
    expect((await latestMail(ctx.db, email, 'verify-email'))?.subject).toBe(
      'Bekreft e-postadressen din hos Nordic Trading',
    );
  });

  it("the profile's language decides the next mail's", async () => {
    const user = await createVerifiedUser(ctx.app, ctx.db);
    expect((await latestMail(ctx.db, user.email, 'verify-email'))?.subject).toBe(
      'Verify your email address at Nordic Trading',
    );
    const forgot = () =>
      ctx.app.inject({
        remoteAddress: uniqueIp(),
        method: 'POST',
        url: '/api/subscribers/forgot-password',
        payload: { email: user.email },
      });
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: `/api/subscribers/${user._id}`,
      headers: bearer(user),
      payload: { name: 'Kari Nordmann', locale: 'nb' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await forgot()).statusCode).toBe(200);
    expect((await latestMail(ctx.db, user.email, 'reset-password'))?.subject).toBe(
      'Tilbakestill passordet ditt hos Nordic Trading',
    );

    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/subscribers/${user._id}`,
      headers: bearer(user),
      payload: { name: 'Kari Nordmann', locale: 'de' },
    });
    expect(refused.statusCode).toBe(400);
  });
});
