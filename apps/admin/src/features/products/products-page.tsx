import type { ProductStatus } from '@shop/shared';
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
import { shopDateTime } from '../../lib/dates.js';
import { formatOre } from '../../lib/format.js';
import { imageUrl } from '../../lib/image-url.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { downloadProductsCsv, useProducts } from './api.js';

const statusColours: Record<ProductStatus, string> = {
  draft: 'secondary',
  published: 'success',
  archived: 'dark',
};

/** The catalogue: search, filter by category, status and stock, sort, page; all on the server. */
export default function ProductsPage() {
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
  // The file holds the products the list's filters find, every page of them.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { q, categoryId, status, stock } = values;
      await downloadProductsCsv({ q, categoryId, status, stock });
    } catch (error) {
      toast(error instanceof ApiError ? error.message : 'The export failed.', 'danger');
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

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">Products</h1>
        <div className="d-flex gap-2 flex-wrap">
          <Button variant="outline-secondary" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
          <Link to="/products/import" className="btn btn-outline-secondary">
            Import CSV
          </Link>
          <Link to="/products/new" className="btn btn-primary">
            New product
          </Link>
        </div>
      </div>
      <SearchForm
        query={values.q}
        label="Search by name, slug or SKU"
        placeholder="Name, slug or SKU"
        onSearch={(q) => update({ q })}
        queryWidth={{ lg: 4 }}
        buttonWidth={{ lg: 1 }}
      >
        <Col sm={4} lg={3}>
          <Form.Select
            aria-label="Category"
            value={values.categoryId}
            onChange={(event) => update({ categoryId: event.target.value })}
          >
            <option value="">All categories</option>
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
            aria-label="Status"
            value={values.status}
            onChange={(event) => update({ status: event.target.value })}
          >
            <option value="">Any status</option>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
            <option value="archived">Archived</option>
          </Form.Select>
        </Col>
        <Col xs={6} sm={4} lg={2}>
          <Form.Select
            aria-label="Stock"
            value={values.stock}
            onChange={(event) => update({ stock: event.target.value })}
          >
            <option value="">Any stock</option>
            <option value="in">In stock</option>
            <option value="low">Low</option>
            <option value="out">Out of stock</option>
          </Form.Select>
        </Col>
      </SearchForm>
      <PageState of={products} />
      {products.data && (
        <>
          <Table responsive hover className="table-admin align-middle">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Image</span>
                </th>
                {header('name', 'Name')}
                <th scope="col">Category</th>
                <th scope="col">Status</th>
                {header('price', 'Price')}
                <th scope="col" className="text-end">
                  Stock
                </th>
                {header('updated', 'Changed')}
              </tr>
            </thead>
            <tbody>
              {products.data.products.map((product) => (
                <tr key={product.id}>
                  <td style={{ width: 56 }}>
                    {product.heroImage && (
                      <img
                        src={imageUrl(product.heroImage)}
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
                      {product.itemCount} item{product.itemCount === 1 ? '' : 's'}
                    </div>
                  </td>
                  <td className="small">{product.categoryPath.join(' › ')}</td>
                  <td>
                    <Badge bg={statusColours[product.status]}>{product.status}</Badge>
                  </td>
                  <td className="text-nowrap">{formatOre(product.priceOre)}</td>
                  <td className="text-end">
                    {product.totalStock === 0 ? <Badge bg="danger">Out</Badge> : product.totalStock}
                  </td>
                  <td className="small text-nowrap">{shopDateTime(product.updatedAt)}</td>
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
