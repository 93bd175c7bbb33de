import type { AdminCoupon } from '@shop/shared';
import Badge from 'react-bootstrap/Badge';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { useFormat, useMessage, useT } from '../../lib/i18n.js';
import { useSetCouponActive } from './api.js';
import { couponStateColours, lastValidDay, osloDay } from './coupon-form.js';
import type en from './i18n/en.json';

/** Where a coupon stands now, as the list and the coupon's page show it. */
export function CouponStateBadge({ coupon }: { coupon: AdminCoupon }) {
  const t = useT<typeof en>();
  return (
    <Badge
      bg={couponStateColours[coupon.state]}
      text={coupon.state === 'usedUp' ? 'dark' : undefined}
    >
      {t('promotions.coupon.state', { state: coupon.state })}
    </Badge>
  );
}

/** A coupon's discount, days and uses in the staff member's words, as list and page show them. */
export function useCouponWords() {
  const t = useT<typeof en>();
  const format = useFormat();
  return {
    /** "10 %" or the amount. */
    discount: (coupon: Pick<AdminCoupon, 'type' | 'value'>) =>
      coupon.type === 'percent'
        ? t('promotions.coupon.percent', { value: coupon.value })
        : format.ore(coupon.value),
    /** The first and last day in Norway. */
    days: (coupon: AdminCoupon) =>
      t('promotions.coupon.days', {
        first: format.day(osloDay(new Date(coupon.validFrom))),
        last: format.day(lastValidDay(coupon.validTo)),
      }),
    /** "3 of 100", or "3" without a limit. */
    uses: (coupon: AdminCoupon) =>
      coupon.usageLimit === null
        ? format.number(coupon.usedCount)
        : t('promotions.coupon.usesOf', { used: coupon.usedCount, limit: coupon.usageLimit }),
  };
}

/** Switches a coupon on or off and says so; answers the saved coupon, or nothing when refused. */
export function useCouponSwitch() {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const setActive = useSetCouponActive();
  return async (coupon: AdminCoupon): Promise<AdminCoupon | undefined> => {
    const active = !coupon.active;
    try {
      const saved = await setActive({ couponId: coupon.id, active });
      toast(
        active
          ? t('promotions.coupon.activated', { code: coupon.code })
          : t('promotions.coupon.deactivated', { code: coupon.code }),
      );
      return saved;
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('promotions.coupon.switchFailed'),
        'danger',
      );
      return undefined;
    }
  };
}
