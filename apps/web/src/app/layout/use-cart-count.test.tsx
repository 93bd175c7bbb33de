import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { createStore } from '../store.js';
import { addedToCart, cartLineDeleted, cartOneRemoved } from '../../features/cart/cart-slice.js';
import { honey, socks } from '../../features/cart/cart-test-kit.js';
import { useCartCount } from './use-cart-count.js';

describe('the header cart count', () => {
  it('GLOB-08 counts the items in the cart and follows every change', () => {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    const { result } = renderHook(() => useCartCount(), { wrapper });
    expect(result.current).toBe(0);
    act(() => {
      store.dispatch(addedToCart({ product: socks, qty: 2 }));
    });
    expect(result.current).toBe(2);
    act(() => {
      store.dispatch(addedToCart({ product: honey, qty: 3 }));
    });
    expect(result.current).toBe(5);
    act(() => {
      store.dispatch(cartOneRemoved(honey._id));
    });
    expect(result.current).toBe(4);
    act(() => {
      store.dispatch(cartLineDeleted(socks._id));
    });
    expect(result.current).toBe(2);
  });
});
