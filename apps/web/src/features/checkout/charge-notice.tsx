import { formatAmount } from '@shop/shared';
import { useLocale } from '../../lib/i18n.js';
import { useMoney } from '../../lib/use-money.js';
import { useCheckoutText } from './checkout-i18n.js';

/**
 * What the shopper pays, said beside the pay button before they pay (issue 32.5): the amount in
 * NOK, which the card and Vipps (where the shop has it) charge, and in a shopper's other currency an estimate only,
 * since their bank converts at its own rate.
 */
export function ChargeNotice({ nok, vippsOffered }: { nok: number; vippsOffered: boolean }) {
  const t = useCheckoutText();
  const locale = useLocale();
  const { amount, currencyCode } = useMoney();
  const otherCurrency = currencyCode !== '' && currencyCode !== 'NOK';
  return (
    <div className="border rounded p-3 mb-3">
      <p className="fs-5 fw-bold mb-1">
        {t('checkout.charge.youPay', { amount: formatAmount(nok, 1, 'NOK', locale) })}
      </p>
      <p className="small mb-0">
        {t(vippsOffered ? 'checkout.charge.inNok' : 'checkout.charge.cardInNok')}
      </p>
      {otherCurrency && (
        <p className="small text-body-secondary mb-0 mt-1">
          {t('checkout.charge.estimate', { amount: amount(nok) })}
        </p>
      )}
    </div>
  );
}
