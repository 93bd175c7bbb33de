import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { failureMessage } from '../../lib/failure-message.js';
import { useVippsOffered } from '../../lib/shop-details.js';
import { useAppDispatch, useAppSelector, type RootState } from '../../lib/store-hooks.js';
import { isAccountUser } from '../accounts/index.js';
import { useCheckoutText } from './checkout-i18n.js';
import { payWithVippsExpress, type ExpressPurchase } from './order-thunks.js';

/**
 * 'Buy with Vipps' (issue 32.4) on the product page and the cart: Vipps Express, where the
 * shopper picks the address and delivery in the Vipps app, so no shipping step comes first. Shown
 * only in a shop whose server has Vipps MobilePay, for what can be bought as it is (the page
 * leaves it out otherwise, as it disables its other buttons). Orders are placed for a signed-in
 * shopper, so anyone else goes to /login first, as the checkout sends them.
 */
export function VippsExpressButton({
  purchase,
  className = '',
}: {
  purchase: ExpressPurchase;
  className?: string;
}) {
  const t = useCheckoutText();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const offered = useVippsOffered();
  const signedIn = useAppSelector((state) => isAccountUser(state.session.userInfo));
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState('');

  // Back from Vipps with the browser's back button, the page may be the one kept in memory.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  if (!offered) return null;

  const buy = async () => {
    if (!signedIn) {
      void navigate('/login');
      return;
    }
    setStarting(true);
    setFailure('');
    try {
      // While the browser leaves for Vipps the button stays busy, so it is not pressed twice.
      if (await dispatch(payWithVippsExpress(purchase))) return;
      setFailure(t('checkout.express.noRedirect'));
    } catch (error) {
      // A session that could not be renewed signed the shopper out: they sign in again.
      if (!isAccountUser(store.getState().session.userInfo)) {
        void navigate('/login');
        return;
      }
      setFailure(failureMessage(error));
    }
    setStarting(false);
  };

  return (
    <div className={className}>
      <button
        type="button"
        // Vipps' orange with white, large and bold: that pair passes the contrast asked of large
        // text only (_shop.scss).
        className="btn btn-vipps btn-lg fw-bold w-100 tap-target gap-2"
        disabled={starting}
        onClick={() => void buy()}
      >
        {starting ? (
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        ) : (
          <img src="/payment/vipps.svg" alt="" width={38} height={24} className="btn-vipps__logo" />
        )}
        {t('checkout.express.buy')}
      </button>
      {starting && (
        <p role="status" className="small mt-2 mb-0">
          {t('checkout.vipps.starting')}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-danger small mt-2 mb-0">
          {failure}
        </p>
      )}
    </div>
  );
}
