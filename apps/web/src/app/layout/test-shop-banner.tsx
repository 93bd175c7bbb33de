/** Said on every page while the server takes test payments, so nobody mistakes it for a shop. */
export const TEST_SHOP_TEXT =
  'Test shop: payments are in test mode. No card is charged and no order is delivered.';

let renderingTestShop = false;

/** The server's render has no page to read the mark from: the server says it (entry-server). */
export function setRenderingTestShop(testPayments: boolean): void {
  renderingTestShop = testPayments;
}

/** The server marks the page it serves (`<html data-test-payments>`) when payments are in test mode. */
export function testPaymentsOn(): boolean {
  if (typeof document === 'undefined') return renderingTestShop;
  return document.documentElement.dataset.testPayments === 'true';
}

export function TestShopBanner() {
  if (!testPaymentsOn()) return null;
  return (
    <div className="bg-warning text-dark text-center small fw-semibold py-1 px-2" role="note">
      {TEST_SHOP_TEXT}
    </div>
  );
}
