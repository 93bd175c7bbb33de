import { NotFoundContent } from './not-found-content.js';
import { useUiText } from './ui-i18n.js';
import { notFoundHead, type PageHead, type PageRequest } from '../../lib/server-page.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';

export default function NotFoundPage() {
  const t = useUiText();
  useDocumentTitle(t('ui.notFound.title'));
  return <NotFoundContent />;
}

/** The server's render of an address the shop has no page for (issue 15): a 404. */
export function loadPage({ shop, pathname }: PageRequest): Promise<PageHead> {
  return Promise.resolve(notFoundHead(shop, pathname));
}
