import { PolicyPage } from './policy-page.js';

export default function PrivacyPage() {
  return <PolicyPage slug="privacy" />;
}
