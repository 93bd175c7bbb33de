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
import { useFormat, useT } from '../../lib/i18n.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { useCoupons } from './api.js';
import { CouponDialog } from './coupon-dialog.js';
import { CouponStateBadge, useCouponSwitch, useCouponWords } from './coupon-parts.js';
import type en from './i18n/en.json';

/** The owner's coupons: search by code, filters, paging, and a dialog to make or edit one. */
export default function CouponsPage() {
  const t = useT<typeof en>();
  const format = useFormat();
  const words = useCouponWords();
  const { values, page, update } = useSearchState(['q', 'active', 'period'] as const);
  const coupons = useCoupons({ ...values, page, pageSize: 25 });
  const [editing, setEditing] = useState<AdminCoupon | 'new'>();
  const switchCoupon = useCouponSwitch();

  return (
    <>
      <div className="d-flex justify-content-between align-items-center gap-2 flex-wrap mb-3">
        <h1 className="h3 mb-0">{t('promotions.coupons.title')}</h1>
        <Button onClick={() => setEditing('new')}>{t('promotions.coupons.new')}</Button>
      </div>
      <SearchForm
        query={values.q}
        label={t('promotions.coupons.search')}
        placeholder={t('promotions.coupons.code')}
        onSearch={(q) => update({ q })}
        queryWidth={{ xs: 12, lg: 4 }}
        buttonWidth={{ xs: 12, sm: 4, lg: 2 }}
      >
        <Col xs={12} sm={4} lg={3}>
          <Form.Select
            aria-label={t('promotions.coupons.activeFilter')}
            value={values.active}
            onChange={(event) => update({ active: event.target.value })}
          >
            <option value="">{t('promotions.coupons.activeFilter')}</option>
            <option value="true">{t('promotions.coupons.active')}</option>
            <option value="false">{t('promotions.coupons.inactive')}</option>
          </Form.Select>
        </Col>
        <Col xs={12} sm={4} lg={3}>
          <Form.Select
            aria-label={t('promotions.coupons.validity')}
            value={values.period}
            onChange={(event) => update({ period: event.target.value })}
          >
            <option value="">{t('promotions.coupons.anyDays')}</option>
            <option value="current">{t('promotions.coupons.current')}</option>
            <option value="scheduled">{t('promotions.coupons.scheduled')}</option>
            <option value="expired">{t('promotions.coupons.expired')}</option>
          </Form.Select>
        </Col>
      </SearchForm>
      <PageState of={coupons} />
      {coupons.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col">{t('promotions.coupons.code')}</th>
                <th scope="col">{t('promotions.coupons.discount')}</th>
                <th scope="col">{t('promotions.coupons.minimum')}</th>
                <th scope="col">{t('promotions.coupons.valid')}</th>
                <th scope="col">{t('promotions.coupons.uses')}</th>
                <th scope="col">{t('promotions.coupons.state')}</th>
                {/* Positioned, so the hidden words stay inside the table's scrolling frame. */}
                <th scope="col" className="position-relative">
                  <span className="visually-hidden">{t('promotions.coupons.actions')}</span>
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
                  <td className="text-nowrap">{words.discount(coupon)}</td>
                  <td className="text-nowrap">
                    {coupon.minOrderOre === 0 ? '—' : format.ore(coupon.minOrderOre)}
                  </td>
                  <td className="small text-nowrap">{words.days(coupon)}</td>
                  <td className="text-nowrap">
                    {words.uses(coupon)}
                    {coupon.usesPerCustomer !== null && (
                      <div className="small text-body-secondary">
                        {t('promotions.coupons.perCustomer', { count: coupon.usesPerCustomer })}
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
                      aria-label={t('promotions.coupons.editLabel', { code: coupon.code })}
                    >
                      {t('promotions.coupons.edit')}
                    </Button>
                    <Button
                      variant={coupon.active ? 'outline-danger' : 'outline-success'}
                      size="sm"
                      onClick={() => void switchCoupon(coupon)}
                      aria-label={t('promotions.coupons.switchLabel', {
                        active: String(coupon.active),
                        code: coupon.code,
                      })}
                    >
                      {t('promotions.coupons.switch', { active: String(coupon.active) })}
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
