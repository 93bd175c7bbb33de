import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminCoupon } from '@shop/shared';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { useToast } from '../../components/toasts.js';
import { useDialogForm } from '../../lib/use-dialog-form.js';
import { useCreateCoupon, useUpdateCoupon } from './api.js';
import {
  couponFormSchema,
  couponFormValues,
  couponRequest,
  type CouponFormValues,
} from './coupon-form.js';

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
      toast(coupon ? `Coupon ${saved.code} saved.` : `Coupon ${saved.code} created.`);
      onClose(saved);
    },
  });
  const typeError = errors.type?.message;
  return (
    <FormDialog
      id="coupon"
      title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
      problem={problem}
      action={coupon ? 'Save coupon' : 'Create coupon'}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <FormField
        label="Code"
        registration={register('code')}
        error={errors.code}
        help="What shoppers type in the cart; upper and lower case count as the same."
        autoComplete="off"
        maxLength={40}
      />
      <Row className="g-2">
        <Col sm={6}>
          <Form.Group className="mb-3" controlId="coupon-type">
            <Form.Label>Discount</Form.Label>
            <Form.Select
              {...register('type')}
              isInvalid={Boolean(typeError)}
              aria-invalid={Boolean(typeError)}
            >
              <option value="percent">Percent of the order</option>
              <option value="fixed">Fixed amount (NOK)</option>
            </Form.Select>
            {typeError && <Form.Control.Feedback type="invalid">{typeError}</Form.Control.Feedback>}
          </Form.Group>
        </Col>
        <Col sm={6}>
          <FormField
            label="Percent or amount"
            registration={register('value')}
            error={errors.value}
            help="10 for 10 %, or kroner such as 49,50"
            inputMode="decimal"
          />
        </Col>
      </Row>
      <FormField
        label="Minimum order (NOK)"
        registration={register('minOrderOre')}
        error={errors.minOrderOre}
        help="The cart’s total after product discounts must reach it; empty for none."
        inputMode="decimal"
      />
      <Row className="g-2">
        <Col sm={6}>
          <FormField
            label="Valid from (first day)"
            type="date"
            registration={register('validFrom')}
            error={errors.validFrom}
          />
        </Col>
        <Col sm={6}>
          <FormField
            label="Valid to (last day)"
            type="date"
            registration={register('validTo')}
            error={errors.validTo}
          />
        </Col>
      </Row>
      <Row className="g-2">
        <Col sm={6}>
          <FormField
            label="Total uses"
            registration={register('usageLimit')}
            error={errors.usageLimit}
            help="Empty for no limit"
            inputMode="numeric"
          />
        </Col>
        <Col sm={6}>
          <FormField
            label="Uses per customer"
            registration={register('usesPerCustomer')}
            error={errors.usesPerCustomer}
            help="Empty for no limit; a limit needs shoppers to sign in"
            inputMode="numeric"
          />
        </Col>
      </Row>
      {!coupon && (
        <Form.Check
          id="coupon-active"
          type="switch"
          label="Active: shoppers can use it within its days"
          {...register('active')}
        />
      )}
    </FormDialog>
  );
}
