import { screen } from '@testing-library/react';
import { accountingBuckets, type AccountingReport } from '@shop/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueries } from '../../test/render.js';
import AccountingPage from './accounting-page.js';

const nothing = { netOre: 0, vatOre: 0, grossOre: 0 };
const buckets = (goods25: typeof nothing) =>
  ({
    ...Object.fromEntries(accountingBuckets.map((bucket) => [bucket.key, nothing])),
    goods25,
  }) as AccountingReport['documents'][number]['buckets'];

const sale = { netOre: 98_760, vatOre: 24_690, grossOre: 123_450 };
const report: AccountingReport = {
  from: '2026-03-01',
  to: '2026-03-31',
  documents: [
    {
      date: '2026-03-14',
      type: 'sale',
      document: '10042',
      orderNumber: 10042,
      paymentReference: 'pay-1',
      buckets: buckets(sale),
      grossOre: 123_450,
    },
  ],
  totals: { sales: 1, refunds: 0, buckets: buckets(sale), grossOre: 123_450 },
};

afterEach(() => vi.unstubAllGlobals());

describe('the accounting report in Norwegian (issue 31)', () => {
  it('names the columns, the VAT groups and the days in bokmål, with kroner as Norwegians write them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(report, { headers: { 'content-type': 'application/json' } })),
    );
    renderWithQueries(
      <MemoryRouter initialEntries={['/accounting?from=2026-03-01&to=2026-03-31']}>
        <AccountingPage />
      </MemoryRouter>,
      { locale: 'nb' },
    );
    expect(screen.getByRole('heading', { name: 'Regnskap', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: /^Varer 25 %/ })).toBeTruthy();
    expect(screen.getByText(/^1 salg og 0 refusjoner:/)).toBeTruthy();
    expect(screen.getAllByText(/^1\s234,50\skr$/).length).toBeGreaterThan(0);
    expect(screen.getByRole('cell', { name: /^14\. mar/ })).toBeTruthy();
  });
});
