import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import type { ProductDetail } from '@shop/shared';
import { useAppDispatch, type RootState } from '../../lib/store-hooks.js';
import { useMessage } from '../../lib/i18n.js';
import { toCartProduct } from './cart-product.js';
import { addedToCart, boughtNow } from './cart-slice.js';
import { cartRefreshed } from './cart-sync.js';
import { useCartText } from './cart-i18n.js';

/** Spec §9: the added banner shows for 2 s, the cart refresh follows 1 s after an add or buy-now. */
export const ADDED_BANNER_MS = 2000;
export const CART_REFRESH_DELAY_MS = 1000;

interface ProductCartButtonsProps {
  product: ProductDetail;
  quantity: number;
  disabled: boolean;
}

type Feedback = { kind: 'none' } | { kind: 'added' } | { kind: 'error'; message: string };

/** 'Add to cart' and 'Buy Now' of the product page, with the add's banner or the cart's error. */
export function ProductCartButtons({ product, quantity, disabled }: ProductCartButtonsProps) {
  const t = useCartText();
  const inPageLanguage = useMessage();
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const [feedback, setFeedback] = useState<Feedback>({ kind: 'none' });
  const bannerTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  // The refresh outlives the page on purpose: Buy Now navigates away at once.
  const refreshLater = (kind: 'cart' | 'buyNow') =>
    setTimeout(() => void dispatch(cartRefreshed(kind)), CART_REFRESH_DELAY_MS);

  const addToCart = () => {
    dispatch(addedToCart({ product: toCartProduct(product), qty: quantity }));
    const { isCartError, cartMessage } = store.getState().cart;
    clearTimeout(bannerTimer.current);
    if (isCartError) {
      setFeedback({ kind: 'error', message: cartMessage });
    } else {
      setFeedback({ kind: 'added' });
      bannerTimer.current = setTimeout(() => setFeedback({ kind: 'none' }), ADDED_BANNER_MS);
    }
    refreshLater('cart');
  };

  const buyNow = () => {
    dispatch(boughtNow({ product: toCartProduct(product), qty: quantity }));
    refreshLater('buyNow');
    void navigate('/cart/buy-now');
  };

  return (
    <>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button
          type="button"
          className="btn btn-outline-primary px-4 tap-target"
          disabled={disabled}
          onClick={addToCart}
        >
          {t('cart.addToCart')}
        </button>
        <button
          type="button"
          className="btn btn-primary px-4 tap-target"
          disabled={disabled}
          onClick={buyNow}
        >
          {t('cart.buyNow')}
        </button>
      </div>
      {/* Floats over the page, so showing and hiding it moves nothing (issue 10.14). */}
      {feedback.kind === 'added' && (
        <div role="status" className="alert alert-success added-toast">
          <span>{t('cart.added')}</span>{' '}
          <Link to="/cart" className="alert-link tap-link">
            {t('cart.viewCart')}
          </Link>
        </div>
      )}
      {feedback.kind === 'error' && (
        <div role="alert" className="text-danger mt-3">
          {inPageLanguage(feedback.message)}
        </div>
      )}
    </>
  );
}
