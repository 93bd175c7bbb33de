import type { AdminCoupon } from '@shop/shared';
import Badge from 'react-bootstrap/Badge';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { shopDate } from '../../lib/dates.js';
import { useSetCouponActive } from './api.js';
import { couponStateColours, couponStateNames, lastValidDay, osloDay } from './coupon-form.js';

/** Where a coupon stands now, as the list and the coupon's page show it. */
export function CouponStateBadge({ coupon }: { coupon: AdminCoupon }) {
  return (
    <Badge
      bg={couponStateColours[coupon.state]}
      text={coupon.state === 'usedUp' ? 'dark' : undefined}
    >
      {couponStateNames[coupon.state]}
    </Badge>
  );
}

/** "01.06.2026 – 30.06.2026", the first and last day in Norway. */
export const couponDays = (coupon: AdminCoupon) =>
  `${shopDate(osloDay(new Date(coupon.validFrom)))} – ${shopDate(lastValidDay(coupon.validTo))}`;

/** "3 of 100", or "3" without a limit. */
export const couponUses = (coupon: AdminCoupon) =>
  coupon.usageLimit === null
    ? String(coupon.usedCount)
    : `${coupon.usedCount} of ${coupon.usageLimit}`;

/** Switches a coupon on or off and says so; answers the saved coupon, or nothing when refused. */
export function useCouponSwitch() {
  const toast = useToast();
  const setActive = useSetCouponActive();
  return async (coupon: AdminCoupon): Promise<AdminCoupon | undefined> => {
    const active = !coupon.active;
    try {
      const saved = await setActive({ couponId: coupon.id, active });
      toast(
        active
          ? `Coupon ${coupon.code} is active again.`
          : `Coupon ${coupon.code} is inactive: shoppers can no longer use it.`,
      );
      return saved;
    } catch (error) {
      toast(
        error instanceof ApiError ? error.message : 'The coupon could not be changed.',
        'danger',
      );
      return undefined;
    }
  };
}
