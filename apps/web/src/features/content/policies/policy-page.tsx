import type { ShopDetails } from '@shop/shared';
import { PageSpinner } from '../../../components/ui/page-spinner.js';
import { useShopDetails } from '../../../lib/shop-details.js';
import { useDocumentTitle } from '../../../lib/use-document-title.js';
import type { PolicyDocument } from './policy-document.js';

/**
 * The shared layout of the static policy pages: title, intro and numbered sections. The text
 * names the shop and its contact details, so it is written once they have arrived.
 */
export function PolicyPage({
  document: write,
}: {
  document: (shop: ShopDetails) => PolicyDocument;
}) {
  const shop = useShopDetails();
  const policy = shop && write(shop);
  useDocumentTitle(policy?.title);
  if (!policy) return <PageSpinner />;
  return (
    <article className="container py-4 py-md-5" style={{ maxWidth: '52rem' }}>
      <h1 className="mb-1">{policy.title}</h1>
      <p className="text-body-secondary small mb-4">{policy.updated}</p>
      {policy.intro.map((paragraph) => (
        <p key={paragraph} className="lead fs-6">
          {paragraph}
        </p>
      ))}
      {policy.sections.map((section, index) => (
        <section key={section.heading} className="mt-4">
          <h2 className="h5">{`${index + 1}. ${section.heading}`}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.points && (
            <ul>
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
