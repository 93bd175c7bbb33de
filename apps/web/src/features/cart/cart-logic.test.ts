import { convert, type CartLine } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  buyNow,
  cartItemCount,
  cartTotals,
  clearLines,
  deleteLine,
  isCartLines,
  lineLimit,
  lineProblem,
  lineSubTotal,
  removeOne,
  setQuantity,
  shownTotals,
} from './cart-logic.js';
import { cartProduct, honey, socks } from './cart-test-kit.js';

const cart: CartLine[] = [
  { product: socks, qty: 2 },
  { product: honey, qty: 1 },
];

describe('adding to the cart', () => {
  it('CART-01 CART-02 puts a new product at the front with "<name> added successfully!"', () => {
    const change = addToCart(cart, cartProduct({ _id: 'c1', name: 'Kurta' }), 1);
    expect(change.lines.map((line) => line.product.name)).toEqual([
      'Kurta',
      'Wool socks',
      'Forest honey',
    ]);
    expect(change).toMatchObject({ message: 'Kurta added successfully!', isError: false });
  });

  it('CART-03 raises the quantity of a product already in the cart, in its place', () => {
    const change = addToCart(cart, honey, 2);
    expect(change.lines).toEqual([
      { product: socks, qty: 2 },
      { product: honey, qty: 3 },
    ]);
    expect(change).toMatchObject({ message: 'Forest honey added successfully!', isError: false });
  });

  it('CART-04 another option combination (another _id) of a product is a separate line', () => {
    const largeSocks = cartProduct({ _id: 'socks-large', variants: { Size: 'L' } });
    const change = addToCart(cart, largeSocks, 1);
    expect(change.lines).toHaveLength(3);
    expect(change.lines[0]).toEqual({ product: largeSocks, qty: 1 });
    expect(change.lines[1]).toEqual({ product: socks, qty: 2 });
  });

  it('CART-05 ERR-13 VAL-06 leaves the cart unchanged when the new quantity passes stock', () => {
    const scarce = cartProduct({ name: 'Silk scarf', stock: 3, orderLimit: 5 });
    const change = addToCart([{ product: scarce, qty: 2 }], scarce, 2);
    expect(change).toEqual({
      lines: [{ product: scarce, qty: 2 }],
      message: 'Silk scarf out of stock!',
      isError: true,
      productId: scarce._id,
    });
  });

  it('CART-06 ERR-14 VAL-07 leaves the cart unchanged when the new quantity passes the order limit', () => {
    const change = addToCart(cart, socks, 4);
    expect(change).toEqual({
      lines: cart,
      message: 'Order Limit Reached for Wool socks!',
      isError: true,
      productId: socks._id,
    });
  });

  it('VAL-06 VAL-07 a quantity equal to stock or to the order limit is accepted', () => {
    expect(addToCart(cart, socks, 3).lines[0]).toEqual({ product: socks, qty: 5 });
    const scarce = cartProduct({ stock: 4, orderLimit: 9 });
    expect(addToCart([], scarce, 4).lines).toEqual([{ product: scarce, qty: 4 }]);
  });

  it('VAL-06 VAL-07 a new product asked beyond its stock or limit is refused too', () => {
    expect(addToCart([], cartProduct({ stock: 0 }), 1)).toMatchObject({
      lines: [],
      message: 'Wool socks out of stock!',
      isError: true,
    });
    expect(addToCart([], socks, 6)).toMatchObject({
      lines: [],
      message: 'Order Limit Reached for Wool socks!',
    });
  });

  it('VAL-07 more than the server-wide line maximum counts as the order limit', () => {
    const plenty = cartProduct({ stock: 5000, orderLimit: 5000 });
    expect(addToCart([], plenty, 1000)).toMatchObject({
      lines: [],
      message: 'Order Limit Reached for Wool socks!',
      isError: true,
    });
  });

  it('VAL-05 a quantity below 1 or not whole is refused and the cart is unchanged', () => {
    for (const qty of [0, -1, 1.5, Number.NaN]) {
      expect(addToCart(cart, socks, qty)).toEqual({
        lines: cart,
        message: 'out of stock!',
        isError: true,
      });
    }
  });

  it('does not change the lines it was given', () => {
    const before = structuredClone(cart);
    addToCart(cart, honey, 1);
    setQuantity(cart, socks._id, 4);
    removeOne(cart, socks._id);
    expect(cart).toEqual(before);
  });
});

describe('the cart page controls', () => {
  it('CART-07 setting a quantity within stock and order limit replaces it', () => {
    expect(setQuantity(cart, socks._id, 5)).toEqual({
      lines: [
        { product: socks, qty: 5 },
        { product: honey, qty: 1 },
      ],
      message: '',
      isError: false,
    });
  });

  it('CART-08 VAL-05 VAL-06 VAL-07 a quantity above stock or limit, or below 1, is refused with "out of stock!"', () => {
    const scarce = cartProduct({ stock: 2, orderLimit: 5 });
    const lines = [{ product: scarce, qty: 1 }];
    for (const [given, productId, qty] of [
      [lines, scarce._id, 3],
      [cart, socks._id, 6],
      [cart, socks._id, 0],
    ] as const) {
      expect(setQuantity(given, productId, qty)).toEqual({
        lines: given,
        message: 'out of stock!',
        isError: true,
        productId,
      });
    }
  });

  it('CART-09 minus reduces the quantity by 1', () => {
    expect(removeOne(cart, socks._id).lines).toEqual([
      { product: socks, qty: 1 },
      { product: honey, qty: 1 },
    ]);
  });

  it('CART-10 minus on a line at 1 removes the line', () => {
    expect(removeOne(cart, honey._id).lines).toEqual([{ product: socks, qty: 2 }]);
  });

  it('CART-11 delete removes the whole line whatever its quantity', () => {
    expect(deleteLine(cart, socks._id).lines).toEqual([{ product: honey, qty: 1 }]);
  });

  it('CART-12 clear empties the cart', () => {
    expect(clearLines()).toEqual({ lines: [], message: '', isError: false });
  });
});

describe('buy now', () => {
  it('CART-18 holds one item: buying now replaces the item it held', () => {
    const first = buyNow([], socks, 2);
    expect(first).toEqual({
      lines: [{ product: socks, qty: 2 }],
      message: 'Wool socks added successfully!',
      isError: false,
    });
    expect(buyNow(first.lines, honey, 1).lines).toEqual([{ product: honey, qty: 1 }]);
  });

  it('CART-19 applies the same stock and order limit checks as the cart', () => {
    const held = [{ product: honey, qty: 1 }];
    expect(buyNow(held, cartProduct({ stock: 1 }), 2)).toEqual({
      lines: held,
      message: 'Wool socks out of stock!',
      isError: true,
      productId: socks._id,
    });
    expect(buyNow(held, socks, 6)).toMatchObject({
      lines: held,
      message: 'Order Limit Reached for Wool socks!',
    });
    expect(buyNow(held, socks, 0)).toMatchObject({ lines: held, isError: true });
  });

  it('CART-22 buying now never touches the cart it is not given', () => {
    const before = structuredClone(cart);
    buyNow([], honey, 1);
    expect(cart).toEqual(before);
  });
});

describe('totals', () => {
  it('CART-14 total is Σ price × qty, discount Σ (price − sellingPrice) × qty, grandTotal their difference', () => {
    expect(cartTotals(cart)).toEqual({ total: 499.9, discount: 40, grandTotal: 459.9 });
    expect(cartTotals([])).toEqual({ total: 0, discount: 0, grandTotal: 0 });
  });

  it('CART-14 adds in whole øre, without float drift', () => {
    const dime = cartProduct({ price: 0.1, sellingPrice: 0.1, discount: 0 });
    const change = { product: dime, qty: 1 };
    const lines = [
      change,
      { ...change, product: { ...dime, _id: 'b' } },
      { ...change, product: { ...dime, _id: 'c' } },
    ];
    expect(cartTotals(lines)).toEqual({ total: 0.3, discount: 0, grandTotal: 0.3 });
  });

  it('CART-28 the grand total is spelled grandTotal only', () => {
    expect(Object.keys(cartTotals(cart)).sort()).toEqual(['discount', 'grandTotal', 'total']);
  });

  it('GLOB-08 the header count is the number of items, not lines', () => {
    expect(cartItemCount(cart)).toBe(3);
    expect(cartItemCount([])).toBe(0);
  });
});

describe('amounts in the shown currency (issue 29.12)', () => {
  // NOK 133.65 at 0.98469 SEK per NOK is SEK 131.6038: shown as 131.60.
  const rate = 0.98469;
  const tea = cartProduct({ _id: 't1', price: 140.7, discount: 5, sellingPrice: 133.65 });

  it('CARTPG-05 a line is its shown unit price times the quantity, never a sum rounded apart', () => {
    expect(convert(133.65, rate)).toBe(131.6);
    // Converted whole, 2 × 133.65 would read 263.21 beside 2 × 131.60.
    expect(convert(133.65 * 2, rate)).toBe(263.21);
    expect(lineSubTotal(133.65, 2, rate)).toBe(263.2);
    expect(lineSubTotal(133.65, 3, 1)).toBe(400.95);
    expect(lineSubTotal(0.1, 3, 1)).toBe(0.3);
  });

  it('CARTPG-08 the totals are the sums of the lines as shown, the coupon and shipping converted once', () => {
    const lines: CartLine[] = [
      { product: tea, qty: 2 },
      { product: honey, qty: 3 },
    ];
    const unit = (nok: number) => convert(nok, rate);
    const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b * 100, 0)) / 100;
    const shownSelling = sum([lineSubTotal(133.65, 2, rate), lineSubTotal(99.9, 3, rate)]);
    const shownPrice = sum([unit(140.7) * 2, unit(99.9) * 3]);
    expect(shownTotals(lines, cartTotals(lines).grandTotal, rate)).toEqual({
      total: shownPrice,
      shipping: 0,
      discount: sum([shownPrice, -shownSelling]),
      grandTotal: shownSelling,
    });
    // A coupon of NOK 56.70 and shipping of NOK 99.
    const withCoupon = shownTotals(lines, cartTotals(lines).grandTotal - 56.7, rate, 99);
    expect(withCoupon.shipping).toBe(unit(99));
    expect(withCoupon.discount).toBe(sum([shownPrice, -shownSelling, unit(56.7)]));
    expect(withCoupon.grandTotal).toBe(sum([shownSelling, -unit(56.7), unit(99)]));
    expect(sum([withCoupon.total, -withCoupon.discount, withCoupon.shipping])).toBe(
      withCoupon.grandTotal,
    );
  });

  it('in NOK the shown totals are the NOK totals', () => {
    expect(shownTotals(cart, 459.9, 1, 99)).toEqual({
      total: 499.9,
      shipping: 99,
      discount: 40,
      grandTotal: 558.9,
    });
  });
});

describe('lines read back from storage', () => {
  it('CART-26 accepts saved lines and refuses damaged ones', () => {
    expect(isCartLines(JSON.parse(JSON.stringify(cart)))).toBe(true);
    expect(isCartLines([])).toBe(true);
    const damaged: unknown[] = [
      null,
      'cart',
      {},
      [{ product: socks, qty: 0 }],
      [{ product: socks, qty: 1.5 }],
      [{ product: socks, qty: '2' }],
      [{ product: { ...socks, price: 'free' }, qty: 1 }],
      [{ product: { ...socks, variants: { Size: 4 } }, qty: 1 }],
      [{ product: { name: 'x' }, qty: 1 }],
      [
        { product: socks, qty: 1 },
        { product: socks, qty: 1 },
      ],
    ];
    for (const value of damaged) expect(isCartLines(value)).toBe(false);
  });

  it('CART-18 CART-26 refuses more stored lines than the cart may hold (one for buy-now)', () => {
    expect(isCartLines(cart, 1)).toBe(false);
    expect(isCartLines(cart.slice(0, 1), 1)).toBe(true);
  });
});

describe('a line at or past its limit', () => {
  it('names the tighter of stock and order limit as the most a line may hold (issue 10.10)', () => {
    expect(lineLimit(cartProduct({ stock: 3, orderLimit: 5 }))).toEqual({
      max: 3,
      reason: 'stock',
    });
    expect(lineLimit(cartProduct({ stock: 10, orderLimit: 5 }))).toEqual({
      max: 5,
      reason: 'orderLimit',
    });
    expect(lineLimit(cartProduct({ stock: 5, orderLimit: 5 }))).toEqual({
      max: 5,
      reason: 'orderLimit',
    });
  });

  it('ERR-13 ERR-14 a line asking more than stock or limit has the spec message (issue 10.10)', () => {
    const scarce = cartProduct({ name: 'Silk scarf', stock: 2, orderLimit: 5 });
    expect(lineProblem({ product: scarce, qty: 2 })).toBeUndefined();
    expect(lineProblem({ product: scarce, qty: 3 })).toBe('Silk scarf out of stock!');
    expect(lineProblem({ product: socks, qty: 6 })).toBe('Order Limit Reached for Wool socks!');
  });
});
