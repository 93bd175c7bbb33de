import type { AdminCoupon } from '@shop/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { Pager } from '../../components/pager.js';
import { SearchForm } from '../../components/search-form.js';
import { formatOre } from '../../lib/format.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useCoupons } from './api.js';
import { CouponDialog } from './coupon-dialog.js';
import { couponDiscount } from './coupon-form.js';
import { CouponStateBadge, couponDays, couponUses, useCouponSwitch } from './coupon-parts.js';

/** The owner's coupons: search by code, filters, paging, and a dialog to make or edit one. */
export default function CouponsPage() {
  const { values, page, update } = useSearchState(['q', 'active', 'period'] as const);
  const coupons = useCoupons({ ...values, page, pageSize: 25 });
  const [editing, setEditing] = useState<AdminCoupon | 'new'>();
  const switchCoupon = useCouponSwitch();

  return (
    <>
      <div className="d-flex justify-content-between align-items-center gap-2 flex-wrap mb-3">
        <h1 className="h3 mb-0">Coupons</h1>
        <Button onClick={() => setEditing('new')}>New coupon</Button>
      </div>
      <SearchForm
        query={values.q}
        label="Search by code"
        placeholder="Code"
        onSearch={(q) => update({ q })}
        queryWidth={{ xs: 12, lg: 4 }}
        buttonWidth={{ xs: 12, sm: 4, lg: 2 }}
      >
        <Col xs={12} sm={4} lg={3}>
          <Form.Select
            aria-label="Active or inactive"
            value={values.active}
            onChange={(event) => update({ active: event.target.value })}
          >
            <option value="">Active or inactive</option>
            <option value="true">Active</option>
            <option value="false">Inactive</option>
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} lg={3}>
          <Form.Select
            aria-label="Validity"
            value={values.period}
            onChange={(event) => update({ period: event.target.value })}
          >
            <option value="">Any days</option>
            <option value="current">Within its days now</option>
            <option value="scheduled">Starts later</option>
            <option value="expired">Expired</option>
          </Form.Select>
        </Col>
      </SearchForm>
      <PageState of={coupons} />
      {coupons.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Minimum order</th>
                <th scope="col">Valid</th>
                <th scope="col">Uses</th>
                <th scope="col">State</th>
                {/* Positioned, so the hidden words stay inside the table's scrolling frame. */}
                <th scope="col" className="position-relative">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {coupons.data.coupons.map((coupon) => (
                <tr key={coupon.id}>
                  <td>
                    <Link to={`/promotions/coupons/${coupon.id}`} className="fw-semibold">
                      {coupon.code}
                    </Link>
                  </td>
                  <td className="text-nowrap">{couponDiscount(coupon)}</td>
                  <td className="text-nowrap">
                    {coupon.minOrderOre === 0 ? '—' : formatOre(coupon.minOrderOre)}
                  </td>
                  <td className="small text-nowrap">{couponDays(coupon)}</td>
                  <td className="text-nowrap">
                    {couponUses(coupon)}
                    {coupon.usesPerCustomer !== null && (
                      <div className="small text-body-secondary">
                        {coupon.usesPerCustomer} per customer
                      </div>
                    )}
                  </td>
                  <td>
                    <CouponStateBadge coupon={coupon} />
                  </td>
                  <td className="text-end text-nowrap">
                    <Button
                      variant="outline-secondary"
                      size="sm"
                      className="me-2"
                      onClick={() => setEditing(coupon)}
                      aria-label={`Edit ${coupon.code}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant={coupon.active ? 'outline-danger' : 'outline-success'}
                      size="sm"
                      onClick={() => void switchCoupon(coupon)}
                      aria-label={`${coupon.active ? 'Deactivate' : 'Activate'} ${coupon.code}`}
                    >
                      {coupon.active ? 'Deactivate' : 'Activate'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={coupons.data.page}
            pageSize={coupons.data.pageSize}
            total={coupons.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
      {editing && (
        <CouponDialog
          {...(editing === 'new' ? {} : { coupon: editing })}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
