import { productStatusValues, stockStateValues, type ProductStatus } from '@shop/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { SearchForm, SortHeader } from '../../components/search-form.js';
import { Pager } from '../../components/pager.js';
import { useToast } from '../../components/toasts.js';
import { useCategories } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { useFormat, useMessage, useT } from '../../lib/i18n.js';
import { previewUrl } from '../../lib/image-url.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { downloadProductsCsv, useProducts } from './api.js';
import { ProductsBulkBar } from './products-bulk-bar.js';
import type en from './i18n/en.json';

const statusColours: Record<ProductStatus, string> = {
  draft: 'secondary',
  published: 'success',
  archived: 'dark',
};

/** A product's categories from the top down, as a breadcrumb writes them. */
const categoryTrail = (path: readonly string[]) => path.join(' › ');

/** The catalogue: search, filter by category, status and stock, sort, page; all on the server. */
export default function ProductsPage() {
  const t = useT<typeof en>();
  const message = useMessage();
  const format = useFormat();
  const { values, page, update } = useSearchState([
    'q',
    'categoryId',
    'status',
    'stock',
    'sort',
    'order',
  ] as const);
  const products = useProducts({ ...values, page, pageSize: 25 });
  const categories = useCategories();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  // The products chosen for a bulk action: only those on the page shown count.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const rows = products.data?.products ?? [];
  const chosen = rows.filter((product) => selected.has(product.id)).map((product) => product.id);
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const choose = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const chooseAll = (on: boolean) =>
    setSelected(on ? new Set(rows.map((product) => product.id)) : new Set());
  // The file holds the products the list's filters find, every page of them.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { q, categoryId, status, stock } = values;
      await downloadProductsCsv({ q, categoryId, status, stock });
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('products.list.exportFailed'),
        'danger',
      );
    } finally {
      setExporting(false);
    }
  };
  const sorted = (column: 'name' | 'updated' | 'price') => (values.sort || 'updated') === column;
  const descending = values.order
    ? values.order === 'desc'
    : (values.sort || 'updated') === 'updated';
  const sortBy = (column: 'name' | 'updated' | 'price') =>
    update({
      sort: column,
      order: sorted(column) ? (descending ? 'asc' : 'desc') : column === 'updated' ? 'desc' : 'asc',
    });
  const header = (column: 'name' | 'updated' | 'price', label: string) => (
    <SortHeader
      label={label}
      direction={sorted(column) ? (descending ? 'descending' : 'ascending') : undefined}
      onSort={() => sortBy(column)}
    />
  );

  const headers = {
    name: header('name', t('products.list.name')),
    price: header('price', t('products.list.price')),
    updated: header('updated', t('products.list.changed')),
  };

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">{t('products.list.title')}</h1>
        <div className="d-flex gap-2 flex-wrap">
          <Button variant="outline-secondary" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? t('products.list.exporting') : t('products.list.export')}
          </Button>
          <Link to="/products/import" className="btn btn-outline-secondary">
            {t('products.list.import')}
          </Link>
          <Link to="/products/new" className="btn btn-primary">
            {t('products.list.new')}
          </Link>
        </div>
      </div>
      <SearchForm
        query={values.q}
        label={t('products.list.searchLabel')}
        placeholder={t('products.list.searchPlaceholder')}
        onSearch={(q) => update({ q })}
        queryWidth={{ lg: 4 }}
        buttonWidth={{ lg: 1 }}
      >
        <Col sm={4} lg={3}>
          <Form.Select
            aria-label={t('common.category')}
            value={values.categoryId}
            onChange={(event) => update({ categoryId: event.target.value })}
          >
            <option value="">{t('products.list.allCategories')}</option>
            {categories.data?.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {'— '.repeat(category.level - 1)}
                {category.name}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} sm={4} lg={2}>
          <Form.Select
            aria-label={t('products.list.status')}
            value={values.status}
            onChange={(event) => update({ status: event.target.value })}
          >
            <option value="">{t('products.list.anyStatus')}</option>
            {productStatusValues.map((status) => (
              <option key={status} value={status}>
                {t('products.list.statusName', { status })}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} sm={4} lg={2}>
          <Form.Select
            aria-label={t('products.list.stock')}
            value={values.stock}
            onChange={(event) => update({ stock: event.target.value })}
          >
            <option value="">{t('products.list.anyStock')}</option>
            {stockStateValues.map((stock) => (
              <option key={stock} value={stock}>
                {t('products.list.stockState', { stock })}
              </option>
            ))}
          </Form.Select>
        </Col>
      </SearchForm>
      <PageState of={products} />
      {products.data && (
        <>
          {chosen.length > 0 && (
            <ProductsBulkBar
              ids={chosen}
              categories={categories.data?.categories ?? []}
              onDone={() => setSelected(new Set())}
            />
          )}
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col" style={{ width: 32 }}>
                  <Form.Check
                    aria-label={t('products.list.chooseAll')}
                    checked={allChosen}
                    ref={(input: HTMLInputElement | null) => {
                      if (input) input.indeterminate = chosen.length > 0 && !allChosen;
                    }}
                    onChange={(event) => chooseAll(event.target.checked)}
                  />
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('products.list.image')}</span>
                </th>
                {headers.name}
                <th scope="col">{t('common.category')}</th>
                <th scope="col">{t('products.list.status')}</th>
                {headers.price}
                <th scope="col" className="text-end">
                  {t('products.list.stock')}
                </th>
                {headers.updated}
              </tr>
            </thead>
            <tbody>
              {products.data.products.map((product) => (
                <tr key={product.id}>
                  <td>
                    <Form.Check
                      aria-label={t('products.list.choose', { name: product.name })}
                      checked={selected.has(product.id)}
                      onChange={(event) => choose(product.id, event.target.checked)}
                    />
                  </td>
                  <td style={{ width: 56 }}>
                    {product.heroImage && (
                      <img
                        src={previewUrl(product.heroImage)}
                        alt=""
                        width={48}
                        height={48}
                        className="rounded object-fit-cover"
                      />
                    )}
                  </td>
                  <td>
                    <Link to={`/products/${product.id}`}>{product.name}</Link>
                    <div className="small text-body-secondary">
                      {t('products.list.items', { count: product.itemCount })}
                    </div>
                  </td>
                  <td className="small">{categoryTrail(product.categoryPath)}</td>
                  <td>
                    <Badge bg={statusColours[product.status]}>
                      {t('products.list.statusBadge', { status: product.status })}
                    </Badge>
                  </td>
                  <td className="text-nowrap">{format.ore(product.priceOre)}</td>
                  <td className="text-end">
                    {product.totalStock === 0 ? (
                      <Badge bg="danger">{t('products.list.out')}</Badge>
                    ) : (
                      product.totalStock
                    )}
                  </td>
                  <td className="small text-nowrap">{format.dateTime(product.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pager
            page={products.data.page}
            pageSize={products.data.pageSize}
            total={products.data.total}
            onPage={(next) => update({ page: next })}
          />
        </>
      )}
    </>
  );
}
