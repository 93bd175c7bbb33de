import Accordion from 'react-bootstrap/Accordion';
import { Link } from 'react-router';
import type { Category, SubCategory } from '@shop/shared';
import { ProductGridSkeleton } from '../../components/ui/product-grid-skeleton.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useCatalogText } from './catalog-i18n.js';
import { useCategoriesQuery } from './catalog-api.js';
import { categoryLink, type CategoryLink } from './category-links.js';

function EntryLink({ link, children }: { link: CategoryLink; children: string }) {
  return (
    <Link to={link.to} state={link.state} className="mobcat__link">
      {children}
    </Link>
  );
}

function SubCategoryEntry({ category, sub }: { category: Category; sub: SubCategory }) {
  const t = useCatalogText();
  if (sub.subCategory2.length === 0) {
    return <EntryLink link={categoryLink(category, sub)}>{sub.name}</EntryLink>;
  }
  return (
    <Accordion.Item eventKey={sub._id}>
      <Accordion.Header as="h3">{sub.name}</Accordion.Header>
      <Accordion.Body>
        <EntryLink link={categoryLink(category, sub)}>
          {t('catalog.mobile.all', { name: sub.name })}
        </EntryLink>
        {sub.subCategory2.map((sub2) => (
          <EntryLink key={sub2._id} link={categoryLink(category, sub, sub2)}>
            {sub2.name}
          </EntryLink>
        ))}
      </Accordion.Body>
    </Accordion.Item>
  );
}

/** The category tree for phones: categories, sub-categories, sub-sub-categories (MOBCAT-01..03). */
export default function MobileCategoriesPage() {
  const t = useCatalogText();
  const { data: categories, isLoading } = useCategoriesQuery(undefined);
  useDocumentTitle(t('catalog.mobile.title'));
  return (
    <div className="container py-3">
      <h1 className="page-title">{t('catalog.mobile.title')}</h1>
      {isLoading ? (
        <ProductGridSkeleton count={4} label={t('catalog.loadingCategories')} />
      ) : (
        <Accordion className="mobcat">
          {(categories ?? []).map((category) => (
            <Accordion.Item key={category._id} eventKey={category._id}>
              <Accordion.Header as="h2">{category.name}</Accordion.Header>
              <Accordion.Body>
                <EntryLink link={categoryLink(category)}>
                  {t('catalog.mobile.all', { name: category.name })}
                </EntryLink>
                <Accordion className="mobcat__subs">
                  {category.subCategory.map((sub) => (
                    <SubCategoryEntry key={sub._id} category={category} sub={sub} />
                  ))}
                </Accordion>
              </Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </div>
  );
}
