import { PolicyPage } from './policy-page.js';

export default function RefundPage() {
  return <PolicyPage slug="refund" />;
}
