import { PolicyPage } from './policy-page.js';
import { staticPageLoader } from '../static-page-api.js';

export default function PrivacyPage() {
  return <PolicyPage slug="privacy" />;
}

// The server's render of this page (issue 15).
export const loadPage = staticPageLoader('privacy', '/privacy');
