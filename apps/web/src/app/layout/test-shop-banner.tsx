import { useLayoutText } from './layout-i18n.js';

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

/** Said on every page while the server takes test payments, so nobody mistakes it for a shop. */
export function TestShopBanner() {
  const t = useLayoutText();
  if (!testPaymentsOn()) return null;
  return (
    <div className="bg-warning text-dark text-center small fw-semibold py-1 px-2" role="note">
      {t('layout.testShop')}
    </div>
  );
}
