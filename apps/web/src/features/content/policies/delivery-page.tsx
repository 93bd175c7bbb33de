import { PolicyPage } from './policy-page.js';

export default function DeliveryPage() {
  return <PolicyPage slug="delivery" />;
}
