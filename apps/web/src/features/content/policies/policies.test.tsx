import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import DeliveryPage from './delivery-page.js';
import PrivacyPage from './privacy-page.js';
import RefundPage from './refund-page.js';
import ReturnPage from './return-page.js';
import TermsPage from './terms-page.js';

function renderPage(Page: ComponentType) {
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
  return document.body.textContent ?? '';
}

describe('policy pages', () => {
  it.each([
    ['STATIC-01', TermsPage, 'Terms & Conditions'],
    ['STATIC-02', RefundPage, 'Refund Policy'],
    ['STATIC-03', ReturnPage, 'Return Policy'],
    ['STATIC-04', PrivacyPage, 'Data Safety and Privacy Statement'],
    ['STATIC-05', DeliveryPage, 'Shipping and Delivery policy'],
  ] as const)('%s shows the page titled %s', (_id, Page, title) => {
    renderPage(Page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(title);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(2);
  });

  it('STATIC-04 the privacy statement names the GDPR, the legal bases and the data subject rights', () => {
    const text = renderPage(PrivacyPage);
    expect(text).toContain('General Data Protection Regulation (GDPR)');
    expect(text).toContain('article 6(1)(b)');
    expect(text).toMatch(/right to access, correct and delete/);
    expect(text).toContain('Datatilsynet');
  });

  it('CONST-27 states the 14-day return/withdrawal right', () => {
    expect(renderPage(ReturnPage)).toMatch(/within 14 days of receiving them/);
    document.body.innerHTML = '';
    expect(renderPage(TermsPage)).toMatch(/withdraw from the purchase within 14 days/);
  });

  it('CONST-28 states refunds within 7-10 working days', () => {
    expect(renderPage(RefundPage)).toMatch(/Refunds are made within 7-10 working days/);
  });

  it('CONST-29 CONST-30 CONST-31 state delivery within 30 days at most, dispatch within two working days and 3-5 working days domestic shipping', () => {
    const text = renderPage(DeliveryPage);
    expect(text).toMatch(/within 30 days at most/);
    expect(text).toMatch(/dispatched within two working days/);
    expect(text).toMatch(/Standard domestic shipping within Norway takes 3-5 working days/);
  });

  it('CONST-32 CONST-33 CONST-34 CONST-35 state the complaint deadline, two and five years of rights and at most two repair attempts', () => {
    const text = renderPage(TermsPage);
    expect(text).toMatch(/within two months of discovery/);
    expect(text).toMatch(/two years after you received the goods/);
    expect(text).toMatch(/five years for goods meant to last considerably longer/);
    expect(text).toMatch(/at most two repair attempts/);
  });

  it('CONST-26 CONST-36 CONST-37 state that prices include VAT and that there is no delivery to Svalbard', () => {
    const terms = renderPage(TermsPage);
    expect(terms).toMatch(/All prices include VAT/);
    expect(terms).toMatch(/We do not deliver to Svalbard/);
    document.body.innerHTML = '';
    const delivery = renderPage(DeliveryPage);
    expect(delivery).toMatch(/All prices and shipping costs include VAT/);
    expect(delivery).toMatch(/We do not deliver to Svalbard/);
  });

  it('CONST-38 CONST-39 state that return shipping is paid by the customer and shipping fees are non-refundable', () => {
    expect(renderPage(ReturnPage)).toMatch(/Return shipping is paid by the customer/);
    document.body.innerHTML = '';
    const refund = renderPage(RefundPage);
    expect(refund).toMatch(/Shipping fees are non-refundable/);
    expect(refund).toMatch(/Return shipping is paid by the customer/);
  });

  it('CONST-40 states the exclusions: custom, perishable and intimate goods', () => {
    const text = renderPage(ReturnPage);
    expect(screen.getByRole('heading', { name: /Goods that cannot be returned/ })).toBeTruthy();
    expect(text).toMatch(/Custom-made or personalised goods/);
    expect(text).toMatch(/Perishable goods/);
    expect(text).toMatch(/Intimate and hygiene goods/);
  });
});
