import { PolicyPage } from './policy-page.js';
import { termsText } from './terms-text.js';

export default function TermsPage() {
  return <PolicyPage document={termsText} />;
}
