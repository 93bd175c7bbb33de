import { PolicyPage } from './policy-page.js';
import { returnText } from './return-text.js';

export default function ReturnPage() {
  return <PolicyPage document={returnText} />;
}
