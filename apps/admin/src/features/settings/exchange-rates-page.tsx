import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { shopDateTime } from '../../lib/dates.js';
import { useExchangeRates, useRefreshExchangeRates } from './api.js';

const rateFormat = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 6 });

/** Shop → Exchange rates: what the storefront converts prices with, and where it came from. */
export default function ExchangeRatesPage() {
  const loaded = useExchangeRates();
  const refreshRates = useRefreshExchangeRates();
  const toast = useToast();
  const [refreshing, setRefreshing] = useState(false);
  const [problem, setProblem] = useState('');

  const refresh = async () => {
    setRefreshing(true);
    setProblem('');
    try {
      await refreshRates();
      toast('Exchange rates refreshed from Norges Bank.');
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The rates could not be refreshed.');
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-start justify-content-between mb-2">
        <h1 className="h3 mb-0">Exchange rates</h1>
        {loaded.data?.refreshEnabled && (
          <Button onClick={() => void refresh()} disabled={refreshing}>
            {refreshing ? 'Refreshing…' : 'Refresh now from Norges Bank'}
          </Button>
        )}
      </div>
      <p className="text-body-secondary">
        Prices are stored in NOK; a shopper who picks another currency sees them converted with
        these rates and pays in NOK.{' '}
        {loaded.data &&
          (loaded.data.refreshEnabled
            ? 'The shop refreshes them from Norges Bank every day.'
            : 'Refreshing from Norges Bank is turned off for this shop (EXCHANGE_RATES_REFRESH), so the stored rates stay as they are.')}
      </p>
      {problem && <Alert variant="danger">{problem}</Alert>}
      <PageState of={loaded} />
      {loaded.data && (
        <Table responsive striped size="sm" className="align-middle">
          <caption className="visually-hidden">Exchange rates</caption>
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col" className="text-end">
                1 NOK is
              </th>
              <th scope="col">Source</th>
              <th scope="col">Stored</th>
            </tr>
          </thead>
          <tbody>
            {loaded.data.rates.map((rate) => (
              <tr key={rate.currencyCode}>
                <th scope="row">{rate.currencyCode}</th>
                <td className="text-end font-monospace">{rateFormat.format(rate.rate)}</td>
                <td>{rate.source}</td>
                <td className="text-nowrap">{shopDateTime(rate.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
