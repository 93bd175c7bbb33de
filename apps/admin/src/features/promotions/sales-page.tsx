import { priceSaleStatusValues, type AdminPriceSale } from '@shop/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { useToast } from '../../components/toasts.js';
import { useT } from '../../lib/i18n.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useSales } from './api.js';
import { SaleDialog } from './sale-dialog.js';
import type en from './i18n/en.json';
import { SaleCoverage, SaleStatusBadge, useSaleWords } from './sale-parts.js';

/** The owner's sales: newest first, by status, and a dialog to start or schedule one. */
export default function SalesPage() {
  const t = useT<typeof en>();
  const words = useSaleWords();
  const { values, page, update } = useSearchState(['status'] as const);
  const sales = useSales({ ...values, page, pageSize: 25 });
  const [creating, setCreating] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();

  const created = (sale: AdminPriceSale) => {
    toast(
      sale.status === 'active'
        ? t('promotions.sales.on', { name: sale.name, count: sale.itemCount })
        : t('promotions.sales.scheduledToast', { name: sale.name }),
    );
    void navigate(`/promotions/sales/${sale.id}`);
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center gap-2 flex-wrap mb-3">
        <h1 className="h3 mb-0">{t('promotions.sales.title')}</h1>
        <Button onClick={() => setCreating(true)}>{t('promotions.sales.new')}</Button>
      </div>
      <p className="text-body-secondary">{t('promotions.sales.help')}</p>
      <Form.Select
        aria-label={t('promotions.sales.status')}
        className="mb-3"
        style={{ maxWidth: '16rem' }}
        value={values.status}
        onChange={(event) => update({ status: event.target.value })}
      >
        <option value="">{t('promotions.sales.anyStatus')}</option>
        {priceSaleStatusValues.map((status) => (
          <option key={status} value={status}>
            {t('promotions.sale.status', { status })}
          </option>
        ))}
      </Form.Select>
      <PageState of={sales} />
      {sales.data && sales.data.sales.length === 0 && (
        <p>{values.status ? t('promotions.sales.noneWithStatus') : t('promotions.sales.none')}</p>
      )}
      {sales.data && sales.data.sales.length > 0 && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col" style={{ minWidth: '9rem' }}>
                  {t('promotions.sales.name')}
                </th>
                <th scope="col">{t('promotions.sales.status')}</th>
                <th scope="col">{t('promotions.sales.discount')}</th>
                <th scope="col" style={{ minWidth: '10rem' }}>
                  {t('promotions.sales.target')}
                </th>
                <th scope="col" style={{ minWidth: '10rem' }}>
                  {t('promotions.sales.when')}
                </th>
              </tr>
            </thead>
            <tbody>
              {sales.data.sales.map((sale) => (
                <tr key={sale.id}>
                  <td>
                    <Link to={`/promotions/sales/${sale.id}`} className="fw-semibold">
                      {sale.name}
                    </Link>
                  </td>
                  <td>
                    <SaleStatusBadge status={sale.status} />
                  </td>
                  <td className={sale.discountPercent === 0 ? undefined : 'text-nowrap'}>
                    {words.discount(sale.discountPercent)}
                  </td>
                  <td>
                    {words.target(sale)}
                    <div className="small text-body-secondary">
                      <SaleCoverage sale={sale} />
                    </div>
                  </td>
                  <td className="small">{words.period(sale)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={sales.data.page}
            pageSize={sales.data.pageSize}
            total={sales.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
      {creating && (
        <SaleDialog
          onClose={(sale) => {
            setCreating(false);
            if (sale) created(sale);
          }}
        />
      )}
    </>
  );
}
