import { PolicyPage } from './policy-page.js';
import { staticPageLoader } from '../static-page-api.js';

export default function DeliveryPage() {
  return <PolicyPage slug="delivery" />;
}

// The server's render of this page (issue 15).
export const loadPage = staticPageLoader('delivery', '/delivery-terms-conditions');
