import { PolicyPage } from './policy-page.js';

export default function ReturnPage() {
  return <PolicyPage slug="return" />;
}
