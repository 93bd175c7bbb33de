import { PolicyPage } from './policy-page.js';
import { deliveryText } from './delivery-text.js';

export default function DeliveryPage() {
  return <PolicyPage document={deliveryText} />;
}
