import { PolicyPage } from './policy-page.js';
import { staticPageLoader } from '../static-page-api.js';

export default function TermsPage() {
  return <PolicyPage slug="terms" />;
}

// The server's render of this page (issue 15).
export const loadPage = staticPageLoader('terms', '/terms-conditions');
