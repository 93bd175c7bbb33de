import { PolicyPage } from './policy-page.js';
import { staticPageLoader } from '../static-page-api.js';

export default function ReturnPage() {
  return <PolicyPage slug="return" />;
}

// The server's render of this page (issue 15).
export const loadPage = staticPageLoader('return', '/return');
