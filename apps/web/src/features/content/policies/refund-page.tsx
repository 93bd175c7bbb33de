import { PolicyPage } from './policy-page.js';
import { refundText } from './refund-text.js';

export default function RefundPage() {
  return <PolicyPage document={refundText} />;
}
