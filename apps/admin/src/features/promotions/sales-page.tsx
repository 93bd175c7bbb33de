import type { AdminPriceSale } from '@shop/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { useToast } from '../../components/toasts.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useSales } from './api.js';
import { SaleDialog } from './sale-dialog.js';
import { saleDiscount, salePeriod, saleTarget } from './sale-form.js';
import { SaleCoverage, SaleStatusBadge } from './sale-parts.js';

/** The owner's sales: newest first, by status, and a dialog to start or schedule one. */
export default function SalesPage() {
  const { values, page, update } = useSearchState(['status'] as const);
  const sales = useSales({ ...values, page, pageSize: 25 });
  const [creating, setCreating] = useState(false);
  const toast = useToast();
  const navigate = useNavigate();

  const created = (sale: AdminPriceSale) => {
    toast(
      sale.status === 'active'
        ? `Sale “${sale.name}” is on: ${sale.itemCount} ${sale.itemCount === 1 ? 'item has' : 'items have'} the discount now.`
        : `Sale “${sale.name}” is scheduled.`,
    );
    void navigate(`/promotions/sales/${sale.id}`);
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center gap-2 flex-wrap mb-3">
        <h1 className="h3 mb-0">Sales</h1>
        <Button onClick={() => setCreating(true)}>New sale</Button>
      </div>
      <p className="text-body-secondary">
        A sale puts a discount on a category’s products or on chosen ones, now or from a start, and
        puts each item’s own discount back when it ends.
      </p>
      <Form.Select
        aria-label="Status"
        className="mb-3"
        style={{ maxWidth: '16rem' }}
        value={values.status}
        onChange={(event) => update({ status: event.target.value })}
      >
        <option value="">Any status</option>
        <option value="active">On now</option>
        <option value="scheduled">Scheduled</option>
        <option value="ended">Ended</option>
        <option value="cancelled">Cancelled</option>
      </Form.Select>
      <PageState of={sales} />
      {sales.data && sales.data.sales.length === 0 && (
        <p>{values.status ? 'No sale has this status.' : 'No sale yet.'}</p>
      )}
      {sales.data && sales.data.sales.length > 0 && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col" style={{ minWidth: '9rem' }}>
                  Name
                </th>
                <th scope="col">Status</th>
                <th scope="col">Discount</th>
                <th scope="col" style={{ minWidth: '10rem' }}>
                  On
                </th>
                <th scope="col" style={{ minWidth: '10rem' }}>
                  When (Norway time)
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
                    {saleDiscount(sale.discountPercent)}
                  </td>
                  <td>
                    {saleTarget(sale)}
                    <div className="small text-body-secondary">
                      <SaleCoverage sale={sale} />
                    </div>
                  </td>
                  <td className="small">{salePeriod(sale)}</td>
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
