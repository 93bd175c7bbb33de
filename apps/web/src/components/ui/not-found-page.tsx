import { NotFoundContent } from './not-found-content.js';
import { notFoundText } from './not-found-text.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';

export default function NotFoundPage() {
  useDocumentTitle(notFoundText.documentTitle);
  return <NotFoundContent />;
}
