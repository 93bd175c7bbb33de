import { PolicyPage } from './policy-page.js';

export default function TermsPage() {
  return <PolicyPage slug="terms" />;
}
