import { intlLocaleOf } from '@shop/shared';
import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { useExchangeRates, useRefreshExchangeRates } from './api.js';
import { useFormat, useLocale, useMessage, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** Shop → Exchange rates: what the storefront converts prices with, and where it came from. */
export default function ExchangeRatesPage() {
  const t = useT<typeof en>();
  const message = useMessage();
  const locale = useLocale();
  const format = useFormat();
  const rateFormat = useMemo(
    () => new Intl.NumberFormat(intlLocaleOf[locale], { maximumSignificantDigits: 6 }),
    [locale],
  );
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
      toast(t('settings.rates.refreshed'));
    } catch (error) {
      setProblem(
        error instanceof ApiError ? message(error.message) : t('settings.rates.refreshFailed'),
      );
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-start justify-content-between mb-2">
        <h1 className="h3 mb-0">{t('settings.rates.title')}</h1>
        {loaded.data?.refreshEnabled && (
          <Button onClick={() => void refresh()} disabled={refreshing}>
            {refreshing ? t('settings.rates.refreshing') : t('settings.rates.refresh')}
          </Button>
        )}
      </div>
      <p className="text-body-secondary">
        {t('settings.rates.intro')}{' '}
        {loaded.data &&
          (loaded.data.refreshEnabled ? t('settings.rates.daily') : t('settings.rates.off'))}
      </p>
      {problem && <Alert variant="danger">{problem}</Alert>}
      <PageState of={loaded} />
      {loaded.data && (
        <Table responsive striped size="sm" className="align-middle">
          <caption className="visually-hidden">{t('settings.rates.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('settings.rates.currency')}</th>
              <th scope="col" className="text-end">
                {t('settings.rates.oneNok')}
              </th>
              <th scope="col">{t('settings.rates.source')}</th>
              <th scope="col">{t('settings.rates.stored')}</th>
            </tr>
          </thead>
          <tbody>
            {loaded.data.rates.map((rate) => (
              <tr key={rate.currencyCode}>
                <th scope="row">{rate.currencyCode}</th>
                <td className="text-end font-monospace">{rateFormat.format(rate.rate)}</td>
                <td>{rate.source}</td>
                <td className="text-nowrap">{format.dateTime(rate.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
