import { oreToNok, type Promo } from '@shop/shared';
import type { PromoInOre } from './promotions.service.js';

/** The coupon lookup's answer as the wire carries it: a fixed value and the minimum in NOK. */
export function promoToWire(promo: PromoInOre): Promo {
  return {
    code: promo.code,
    type: promo.type,
    value: promo.type === 'fixed' ? oreToNok(promo.valueOre) : promo.percent,
    minOrder: oreToNok(promo.minOrderOre),
    validFrom: promo.validFrom,
    validTo: promo.validTo,
  };
}
