import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@shop/shared';
import { runtimeFiles } from '../../runtime-files.js';
import escapeHtml from 'escape-html';
import { formatNok } from './payment-lines.js';
import type { PaymentProvider } from './payment-provider.js';
import { testCards, testPaymentMessages, TestPaymentProvider } from './test-provider.js';

export interface PaymentsRoutesOptions {
  provider: PaymentProvider;
}

const basePath = '/payments/test';

/** The widget's browser files, served as they are: the page carries no inline script or style. */
const assets = {
  'checkout.js': 'application/javascript; charset=utf-8',
  'widget.js': 'application/javascript; charset=utf-8',
  'widget.css': 'text/css; charset=utf-8',
} as const;

const widgetParamsSchema = z.object({ paymentId: text().max(100) });
const widgetQuerySchema = z.object({
  checkoutKey: text().max(200).optional(),
  language: text().max(10).optional(),
});
const cardField = (max: number) => text().max(max).default('');
const payBodySchema = z.object({
  cardNumber: cardField(40),
  expiry: cardField(10),
  cvc: cardField(10),
  name: cardField(200),
});

const hidden = { hide: true };

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${basePath}/widget.css">
<script src="${basePath}/widget.js" defer></script>
</head>
<body>
<main class="widget">
<p class="test-mode"><strong>TEST MODE — no real card is charged</strong></p>
${body}
</main>
</body>
</html>
`;
}

const errorPage = (message: string) =>
  page('Card payment (test mode)', `<p class="message" role="alert">${escapeHtml(message)}</p>`);

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function cardForm(paymentId: string, amountOre: number): string {
  const amount = escapeHtml(formatNok(amountOre));
  const id = escapeHtml(paymentId);
  return `<p class="amount">Amount: <strong class="nowrap">${amount}</strong></p>
<form id="card-form" class="card-form" data-payment-id="${id}" data-pay-url="${basePath}/widget/${id}/pay" novalidate>
<div class="field">
<label for="card-number">Card number</label>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required>
</div>
<div class="row">
<div class="field">
<label for="card-expiry">Expiry (MM/YY)</label>
<input id="card-expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" maxlength="7" required>
</div>
<div class="field">
<label for="card-cvc">CVC</label>
<input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="3" required>
</div>
</div>
<div class="field">
<label for="card-name">Cardholder name</label>
<input id="card-name" name="name" autocomplete="cc-name" maxlength="200" required>
</div>
<p id="card-message" class="message" role="alert"></p>
<button type="submit" id="pay-button" class="pay">Pay <span class="nowrap">${amount}</span></button>
</form>
<p id="card-approved" class="approved" role="status"></p>
<section class="test-cards" aria-labelledby="test-cards-title">
<h2 id="test-cards-title">Test cards</h2>
<ul>
<li><code>${testCards.approved}</code>: approved (so is any other valid card number)</li>
<li><code>${testCards.declined}</code>: declined</li>
</ul>
<p>Use any expiry date in the future, any 3-digit CVC and any name.</p>
</section>`;
}

/**
 * The test provider's card widget: a checkout script shaped like Nets' checkout.js
 * (`new Dibs.Checkout({checkoutKey, paymentId, containerId})`, a `payment-completed` event) that
 * mounts a same-origin iframe with the card form. Registered without a prefix; with any other
 * provider it adds nothing.
 */
export const paymentsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (
  instance,
  options,
) => {
  const { provider } = options;
  if (!(provider instanceof TestPaymentProvider)) return;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const folder = runtimeFiles.paymentWidget;
  const files = await Promise.all(
    Object.entries(assets).map(async ([file, type]) => ({
      file,
      type,
      content: await fs.readFile(path.join(folder, file)),
    })),
  );
  for (const { file, type, content } of files) {
    app.get(`${basePath}/${file}`, { schema: hidden }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type(type).send(content),
    );
  }

  app.get(
    `${basePath}/widget/:paymentId`,
    { schema: { ...hidden, params: widgetParamsSchema, querystring: widgetQuerySchema } },
    async (request, reply) => {
      if (request.query.checkoutKey !== provider.checkoutKey)
        return sendPage(
          reply,
          400,
          errorPage('This payment widget was opened with a wrong checkout key.'),
        );
      const payment = await provider.find(request.params.paymentId);
      if (!payment) return sendPage(reply, 404, errorPage(testPaymentMessages.notFound));
      if (payment.status === 'cancelled')
        return sendPage(reply, 409, errorPage(testPaymentMessages.cancelled));
      if (payment.status === 'reserved' || payment.status === 'charged')
        return sendPage(
          reply,
          200,
          page(
            'Card payment (test mode)',
            `<p class="approved" role="status">Payment approved</p>`,
          ),
        );
      return sendPage(
        reply,
        200,
        page('Card payment (test mode)', cardForm(payment.id, payment.amountOre)),
      );
    },
  );

  app.post(
    `${basePath}/widget/:paymentId/pay`,
    { schema: { ...hidden, params: widgetParamsSchema, body: payBodySchema } },
    async (request, reply) => {
      const result = await provider.pay(request.params.paymentId, request.body);
      if (!result.ok) return reply.status(result.statusCode).send({ message: result.message });
      return reply.header('cache-control', 'no-store').send({ status: result.status });
    },
  );
};
