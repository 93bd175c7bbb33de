import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminCoupon } from '@shop/shared';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { useToast } from '../../components/toasts.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { useCreateCoupon, useUpdateCoupon } from './api.js';
import {
  couponFormSchema,
  couponFormValues,
  couponRequest,
  type CouponFormValues,
} from './coupon-form.js';
import type en from './i18n/en.json';

const fields = [
  'code',
  'type',
  'value',
  'minOrderOre',
  'validFrom',
  'validTo',
  'usageLimit',
  'usesPerCustomer',
  'active',
] as const;

/**
 * A new coupon, or new rules for one. An edit sends the `updatedAt` it was opened with, so a
 * coupon someone changed meanwhile is refused with the server's words instead of overwritten.
 */
export function CouponDialog({
  coupon,
  onClose,
}: {
  coupon?: AdminCoupon;
  /** With the saved coupon, or nothing when the dialog was closed without saving. */
  onClose: (saved?: AdminCoupon) => void;
}) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const createCoupon = useCreateCoupon();
  const updateCoupon = useUpdateCoupon();
  const { register, errors, isSubmitting, problem, submit } = useDialogForm<CouponFormValues>({
    resolver: zodResolver(couponFormSchema),
    defaultValues: couponFormValues(coupon, new Date()),
    fields,
    send: async (values) => {
      const body = couponRequest(values, coupon);
      const saved = coupon
        ? await updateCoupon({
            couponId: coupon.id,
            body: { ...body, updatedAt: coupon.updatedAt },
          })
        : await createCoupon({ ...body, active: values.active });
      toast(
        coupon
          ? t('promotions.couponDialog.saved', { code: saved.code })
          : t('promotions.couponDialog.created', { code: saved.code }),
      );
      onClose(saved);
    },
  });
  const typeError = errors.type?.message;
  return (
    <FormDialog
      id="coupon"
      title={
        coupon
          ? t('promotions.couponDialog.editTitle', { code: coupon.code })
          : t('promotions.coupons.new')
      }
      problem={problem}
      action={coupon ? t('promotions.couponDialog.save') : t('promotions.couponDialog.create')}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <FormField
        label={t('promotions.coupons.code')}
        registration={register('code')}
        error={errors.code}
        help={t('promotions.couponDialog.codeHelp')}
        autoComplete="off"
        maxLength={40}
      />
      <Row className="g-2">
        <Col sm={6}>
          <Form.Group className="mb-3" controlId="coupon-type">
            <Form.Label>{t('promotions.coupons.discount')}</Form.Label>
            <Form.Select
              {...register('type')}
              isInvalid={Boolean(typeError)}
              aria-invalid={Boolean(typeError)}
            >
              <option value="percent">{t('promotions.couponDialog.percent')}</option>
              <option value="fixed">{t('promotions.couponDialog.fixed')}</option>
            </Form.Select>
            {typeError && (
              <Form.Control.Feedback type="invalid">{message(typeError)}</Form.Control.Feedback>
            )}
          </Form.Group>
        </Col>
        <Col sm={6}>
          <FormField
            label={t('promotions.couponDialog.value')}
            registration={register('value')}
            error={errors.value}
            help={t('promotions.couponDialog.valueHelp')}
            inputMode="decimal"
          />
        </Col>
      </Row>
      <FormField
        label={t('promotions.couponDialog.minimum')}
        registration={register('minOrderOre')}
        error={errors.minOrderOre}
        help={t('promotions.couponDialog.minimumHelp')}
        inputMode="decimal"
      />
      <Row className="g-2">
        <Col sm={6}>
          <FormField
            label={t('promotions.couponDialog.from')}
            type="date"
            registration={register('validFrom')}
            error={errors.validFrom}
          />
        </Col>
        <Col sm={6}>
          <FormField
            label={t('promotions.couponDialog.to')}
            type="date"
            registration={register('validTo')}
            error={errors.validTo}
          />
        </Col>
      </Row>
      <Row className="g-2">
        <Col sm={6}>
          <FormField
            label={t('promotions.couponDialog.totalUses')}
            registration={register('usageLimit')}
            error={errors.usageLimit}
            help={t('promotions.couponDialog.noLimitHelp')}
            inputMode="numeric"
          />
        </Col>
        <Col sm={6}>
          <FormField
            label={t('promotions.couponDialog.perCustomer')}
            registration={register('usesPerCustomer')}
            error={errors.usesPerCustomer}
            help={t('promotions.couponDialog.perCustomerHelp')}
            inputMode="numeric"
          />
        </Col>
      </Row>
      {!coupon && (
        <Form.Check
          id="coupon-active"
          type="switch"
          label={t('promotions.couponDialog.active')}
          {...register('active')}
        />
      )}
    </FormDialog>
  );
}
