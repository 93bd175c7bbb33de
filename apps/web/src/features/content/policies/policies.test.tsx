import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '../../../i18n/catalogues.js';
import { answer, deferred } from '../../../test/fetch-stub.js';
import { servedShop } from '../../../test/shop-details-answer.js';
import { defaultPageAnswers, staticPageAnswer } from '../../../test/static-page-answer.js';
import { renderWithShop, stubApi } from '../../catalog/catalog-test-kit.js';
import DeliveryPage from './delivery-page.js';
import PrivacyPage from './privacy-page.js';
import RefundPage from './refund-page.js';
import ReturnPage from './return-page.js';
import TermsPage from './terms-page.js';

// Each page shows what `GET /api/pages/{slug}` answers; here, unless a test says otherwise, the
// server's default text for the demo shop, so the spec's wording is checked on the real text.

beforeEach(() => {
  stubApi(defaultPageAnswers());
});
afterEach(() => vi.unstubAllGlobals());

/** Renders a policy page, waits for its text and answers it. */
async function renderPage(Page: ComponentType) {
  const rendered = renderWithShop(<Page />);
  await screen.findByRole('heading', { level: 1 });
  return { text: document.body.textContent ?? '', ...rendered };
}

const pages = [
  ['STATIC-01', 'Terms & Conditions', TermsPage, 'terms'],
  ['STATIC-02', 'Refund Policy', RefundPage, 'refund'],
  ['STATIC-03', 'Return Policy', ReturnPage, 'return'],
  ['STATIC-04', 'Data Safety and Privacy Statement', PrivacyPage, 'privacy'],
  ['STATIC-05', 'Shipping and Delivery policy', DeliveryPage, 'delivery'],
] as const;

describe('policy pages', () => {
  it.each(pages)('%s shows the page titled %s', async (_id, title, Page) => {
    await renderPage(Page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    // The title is set by an effect, which runs after the page is painted.
    await waitFor(() => expect(document.title).toBe(title));
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(2);
  });

  it.each(pages)(
    '%s (issue 14) the %s page shows the title and text the server answers',
    async (_id, _title, Page, slug) => {
      stubApi(
        staticPageAnswer(slug, {
          title: 'Our own words',
          html: '<h2>Only this</h2><p>Saved in the <strong>back office</strong>.</p>',
          updatedAt: '2026-05-04T10:00:00.000Z',
        }),
      );
      const { text } = await renderPage(Page);
      expect(screen.getByRole('heading', { level: 1, name: 'Our own words' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: 'Only this' })).toBeTruthy();
      expect(text).toContain('Saved in the back office.');
      expect(text).not.toContain('Last updated: 1 January 2025');
      await waitFor(() => expect(document.title).toBe('Our own words'));
    },
  );

  it('STATIC-01 the default terms name the seller as the server writes them', async () => {
    const shop = {
      ...servedShop,
      name: 'Fjordhandel',
      organisationNumber: '987654321',
      street: 'Kongens gate 5',
      postalCode: '7011',
      city: 'Trondheim',
      phone: '+47 400 00 001',
      email: 'hei@fjordhandel.no',
    };
    stubApi(staticPageAnswer('terms', { shop }));
    expect((await renderPage(TermsPage)).text).toContain(
      'The seller is Fjordhandel, Kongens gate 5, 7011 Trondheim, Norway, organisation number 987 654 321, e-mail hei@fjordhandel.no, telephone +47 400 00 001.',
    );
  });

  it('STATIC-01 (issue 14) shows the spinner until the page has arrived', async () => {
    const page = deferred<unknown>();
    stubApi({ 'GET /api/pages/terms': () => page.promise });
    renderWithShop(<TermsPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    page.resolve(defaultPageAnswers()['GET /api/pages/terms']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' }),
    ).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('(issue 14) a page the server does not have shows the not-found page', async () => {
    stubApi({ 'GET /api/pages/refund': answer(404, { message: 'Page not found' }) });
    renderWithShop(<RefundPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('(issue 14) a failed load says so and tries again on request', async () => {
    let fail = true;
    stubApi({
      'GET /api/pages/return': () =>
        fail
          ? answer(503, { message: 'The shop is busy' })
          : defaultPageAnswers()['GET /api/pages/return'],
    });
    renderWithShop(<ReturnPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('The shop is busy');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Return Policy' })).toBeTruthy();
  });

  it('(issue 14) a link to a page of the shop opens in the app; others are left to the browser', async () => {
    stubApi(
      staticPageAnswer('delivery', {
        html: '<p><a href="/refund">Refund Policy</a> <a href="https://posten.no">Posten</a></p>',
      }),
    );
    const { location } = await renderPage(DeliveryPage);
    const outside = screen.getByRole('link', { name: 'Posten' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    outside.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Refund Policy' }));
    await waitFor(() => expect(location().pathname).toBe('/refund'));
  });

  it('STATIC-04 the privacy statement names the GDPR, the legal bases and the data subject rights', async () => {
    const { text } = await renderPage(PrivacyPage);
    expect(text).toContain('General Data Protection Regulation (GDPR)');
    expect(text).toContain('article 6(1)(b)');
    expect(text).toMatch(/right to access, correct and delete/);
    expect(text).toContain('Datatilsynet');
  });

  it('CONST-27 states the 14-day return/withdrawal right', async () => {
    expect((await renderPage(ReturnPage)).text).toMatch(/within 14 days of receiving them/);
    document.body.innerHTML = '';
    expect((await renderPage(TermsPage)).text).toMatch(/withdraw from the purchase within 14 days/);
  });

  it('CONST-28 states refunds within 7-10 working days', async () => {
    expect((await renderPage(RefundPage)).text).toMatch(
      /Refunds are made within 7-10 working days/,
    );
  });

  it('CONST-29 CONST-30 CONST-31 state delivery within 30 days at most, dispatch within two working days and 3-5 working days domestic shipping', async () => {
    const { text } = await renderPage(DeliveryPage);
    expect(text).toMatch(/within 30 days at most/);
    expect(text).toMatch(/dispatched within two working days/);
    expect(text).toMatch(/Standard domestic shipping within Norway takes 3-5 working days/);
  });

  it('CONST-32 CONST-33 CONST-34 CONST-35 state the complaint deadline, two and five years of rights and at most two repair attempts', async () => {
    const { text } = await renderPage(TermsPage);
    expect(text).toMatch(/within two months of discovery/);
    expect(text).toMatch(/two years after you received the goods/);
    expect(text).toMatch(/five years for goods meant to last considerably longer/);
    expect(text).toMatch(/at most two repair attempts/);
  });

  it('CONST-26 CONST-36 CONST-37 state that prices include VAT and that there is no delivery to Svalbard', async () => {
    const terms = (await renderPage(TermsPage)).text;
    expect(terms).toMatch(/All prices include VAT/);
    expect(terms).toMatch(/We do not deliver to Svalbard/);
    document.body.innerHTML = '';
    const delivery = (await renderPage(DeliveryPage)).text;
    expect(delivery).toMatch(/All prices and shipping costs include VAT/);
    expect(delivery).toMatch(/We do not deliver to Svalbard/);
  });

  it('CONST-38 CONST-39 state that return shipping is paid by the customer and shipping fees are non-refundable', async () => {
    expect((await renderPage(ReturnPage)).text).toMatch(/Return shipping is paid by the customer/);
    document.body.innerHTML = '';
    const refund = (await renderPage(RefundPage)).text;
    expect(refund).toMatch(/Shipping fees are non-refundable/);
    expect(refund).toMatch(/Return shipping is paid by the customer/);
  });

  it('CONST-40 states the exclusions: custom, perishable and intimate goods', async () => {
    const { text } = await renderPage(ReturnPage);
    expect(screen.getByRole('heading', { name: /Goods that cannot be returned/ })).toBeTruthy();
    expect(text).toMatch(/Custom-made or personalised goods/);
    expect(text).toMatch(/Perishable goods/);
    expect(text).toMatch(/Intimate and hygiene goods/);
  });

  it('offers to try again in bokmål on a Norwegian page (issue 31.1)', async () => {
    stubApi({ 'GET /api/pages/return': answer(503, { message: '' }) });
    renderWithShop(<ReturnPage />, { i18n: await loadLanguage('nb') });
    expect((await screen.findByRole('alert')).textContent).toContain('Siden kunne ikke lastes.');
    expect(screen.getByRole('button', { name: 'Prøv igjen' })).toBeTruthy();
  });
});
