import { PolicyPage } from './policy-page.js';
import { privacyText } from './privacy-text.js';

export default function PrivacyPage() {
  return <PolicyPage document={privacyText} />;
}
