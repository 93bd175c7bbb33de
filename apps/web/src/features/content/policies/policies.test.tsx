import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../test/fetch-stub.js';
import { shopDetailsAnswer } from '../../../test/shop-details-answer.js';
import { renderWithShop, stubApi } from '../../catalog/catalog-test-kit.js';
import DeliveryPage from './delivery-page.js';
import PrivacyPage from './privacy-page.js';
import RefundPage from './refund-page.js';
import ReturnPage from './return-page.js';
import TermsPage from './terms-page.js';

beforeEach(() => {
  stubApi({});
});
afterEach(() => vi.unstubAllGlobals());

/** Renders a policy page, waits for the shop details its text names, and answers its text. */
async function renderPage(Page: ComponentType) {
  renderWithShop(<Page />);
  await screen.findByRole('heading', { level: 1 });
  return document.body.textContent ?? '';
}

const pages = [
  ['STATIC-01', 'Terms & Conditions', TermsPage],
  ['STATIC-02', 'Refund Policy', RefundPage],
  ['STATIC-03', 'Return Policy', ReturnPage],
  ['STATIC-04', 'Data Safety and Privacy Statement', PrivacyPage],
  ['STATIC-05', 'Shipping and Delivery policy', DeliveryPage],
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
    '%s the %s page names the e-mail address the server answers',
    async (_id, _title, Page) => {
      stubApi(shopDetailsAnswer({ email: 'hei@fjordhandel.no' }));
      const text = await renderPage(Page);
      expect(text).toContain('hei@fjordhandel.no');
      expect(text).not.toContain('post@nordictrading.no');
    },
  );

  it('STATIC-01 the terms name the seller as the server answers', async () => {
    stubApi(
      shopDetailsAnswer({
        name: 'Fjordhandel',
        organisationNumber: '987654321',
        street: 'Kongens gate 5',
        postalCode: '7011',
        city: 'Trondheim',
        phone: '+47 400 00 001',
        email: 'hei@fjordhandel.no',
      }),
    );
    expect(await renderPage(TermsPage)).toContain(
      'The seller is Fjordhandel, Kongens gate 5, 7011 Trondheim, Norway, organisation number 987 654 321, e-mail hei@fjordhandel.no, telephone +47 400 00 001.',
    );
  });

  it('STATIC-01 shows a spinner until the shop details have arrived', async () => {
    const details = deferred<unknown>();
    stubApi({ 'GET /api/shop': () => details.promise });
    renderWithShop(<TermsPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    details.resolve(shopDetailsAnswer()['GET /api/shop']);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' }),
    ).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('STATIC-04 the privacy statement names the GDPR, the legal bases and the data subject rights', async () => {
    const text = await renderPage(PrivacyPage);
    expect(text).toContain('General Data Protection Regulation (GDPR)');
    expect(text).toContain('article 6(1)(b)');
    expect(text).toMatch(/right to access, correct and delete/);
    expect(text).toContain('Datatilsynet');
  });

  it('CONST-27 states the 14-day return/withdrawal right', async () => {
    expect(await renderPage(ReturnPage)).toMatch(/within 14 days of receiving them/);
    document.body.innerHTML = '';
    expect(await renderPage(TermsPage)).toMatch(/withdraw from the purchase within 14 days/);
  });

  it('CONST-28 states refunds within 7-10 working days', async () => {
    expect(await renderPage(RefundPage)).toMatch(/Refunds are made within 7-10 working days/);
  });

  it('CONST-29 CONST-30 CONST-31 state delivery within 30 days at most, dispatch within two working days and 3-5 working days domestic shipping', async () => {
    const text = await renderPage(DeliveryPage);
    expect(text).toMatch(/within 30 days at most/);
    expect(text).toMatch(/dispatched within two working days/);
    expect(text).toMatch(/Standard domestic shipping within Norway takes 3-5 working days/);
  });

  it('CONST-32 CONST-33 CONST-34 CONST-35 state the complaint deadline, two and five years of rights and at most two repair attempts', async () => {
    const text = await renderPage(TermsPage);
    expect(text).toMatch(/within two months of discovery/);
    expect(text).toMatch(/two years after you received the goods/);
    expect(text).toMatch(/five years for goods meant to last considerably longer/);
    expect(text).toMatch(/at most two repair attempts/);
  });

  it('CONST-26 CONST-36 CONST-37 state that prices include VAT and that there is no delivery to Svalbard', async () => {
    const terms = await renderPage(TermsPage);
    expect(terms).toMatch(/All prices include VAT/);
    expect(terms).toMatch(/We do not deliver to Svalbard/);
    document.body.innerHTML = '';
    const delivery = await renderPage(DeliveryPage);
    expect(delivery).toMatch(/All prices and shipping costs include VAT/);
    expect(delivery).toMatch(/We do not deliver to Svalbard/);
  });

  it('CONST-38 CONST-39 state that return shipping is paid by the customer and shipping fees are non-refundable', async () => {
    expect(await renderPage(ReturnPage)).toMatch(/Return shipping is paid by the customer/);
    document.body.innerHTML = '';
    const refund = await renderPage(RefundPage);
    expect(refund).toMatch(/Shipping fees are non-refundable/);
    expect(refund).toMatch(/Return shipping is paid by the customer/);
  });

  it('CONST-40 states the exclusions: custom, perishable and intimate goods', async () => {
    const text = await renderPage(ReturnPage);
    expect(screen.getByRole('heading', { name: /Goods that cannot be returned/ })).toBeTruthy();
    expect(text).toMatch(/Custom-made or personalised goods/);
    expect(text).toMatch(/Perishable goods/);
    expect(text).toMatch(/Intimate and hygiene goods/);
  });
});
