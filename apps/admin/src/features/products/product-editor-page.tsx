import {
  adminCategoriesSchema,
  adminProductSchema,
  nokToOre,
  oreToNok,
  productSaveRequestSchema,
  productVatRates,
  toProductSlug,
  type AdminProduct,
  type ProductRef,
  type ProductStatus,
} from '@shop/shared';
import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useConfirm } from '../../components/confirm.js';
import { PageState } from '../../components/page-state.js';
import { RichTextEditor } from '../../components/rich-text-editor.js';
import { useToast } from '../../components/toasts.js';
import { api, ApiError } from '../../lib/api-client.js';
import { useApi } from '../../lib/use-api.js';
import { type DraftItem, type DraftOption, itemImagesOf, matrixFor } from './item-matrix.js';
import { ImagesEditor } from './images-editor.js';
import { ItemMatrix } from './item-matrix-table.js';
import { OptionsEditor } from './options-editor.js';
import { RelatedPicker } from './related-picker.js';
import { SpecsEditor, type SpecRow } from './specs-editor.js';

export interface ProductDraft {
  name: string;
  slug: string;
  slugByHand: boolean;
  categoryId: string;
  status: ProductStatus;
  vatPercent: number;
  weightGrams: number;
  description: string;
  specs: SpecRow[];
  images: string[];
  heroImage: string;
  /** Alt text by image path, of the product's pictures and its items' own. */
  imageAlts: Record<string, string>;
  options: DraftOption[];
  items: DraftItem[];
  related: ProductRef[];
}

let rowKey = 0;
export const newRowKey = () => `row-${++rowKey}`;

const priceText = (ore: number) => oreToNok(ore).toFixed(2).replace(/\.00$/, '');

function draftOf(product: AdminProduct | undefined): ProductDraft {
  if (!product)
    return {
      name: '',
      slug: '',
      slugByHand: false,
      categoryId: '',
      status: 'draft',
      vatPercent: 25,
      weightGrams: 500,
      description: '',
      specs: [],
      images: [],
      heroImage: '',
      imageAlts: {},
      options: [],
      items: matrixFor([], [], { slug: '', weightGrams: 500 }),
      related: [],
    };
  const images = [...new Set([product.heroImage, ...product.gallery].filter(Boolean))];
  return {
    name: product.name,
    slug: product.slug,
    slugByHand: product.slug !== toProductSlug(product.name),
    categoryId: product.categoryId,
    status: product.status,
    vatPercent: product.vatPercent,
    weightGrams: product.weightGrams,
    description: product.description,
    specs: product.information.map((row) => ({
      id: newRowKey(),
      key: row.informationKey,
      value: row.informationValue,
    })),
    images,
    heroImage: product.heroImage,
    imageAlts: product.imageAlts,
    options: product.options.map((option) => ({ name: option.name, values: [...option.values] })),
    items: product.items
      .filter((item) => item.archivedAt === null)
      .map((item) => ({
        id: item.id,
        variants: item.variants,
        sku: item.sku,
        price: priceText(item.priceOre),
        discountPercent: item.discountPercent,
        stock: item.stock,
        orderLimit: item.orderLimit,
        weightGrams: item.weightGrams,
        disabled: item.disabled,
        lowStockThreshold: item.lowStockThreshold,
        heroImage: item.heroImage,
        gallery: item.gallery,
        isDefault: item.isDefault,
      })),
    related: product.related,
  };
}

/** "249", "249,50" or "249.50" kroner as øre; NaN for anything else. */
const oreOf = (price: string) => {
  const text = price.trim().replace(/\s/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(text) ? nokToOre(Number(text)) : Number.NaN;
};

function requestOf(draft: ProductDraft, version: number | undefined) {
  return {
    name: draft.name,
    ...(draft.slugByHand ? { slug: draft.slug } : {}),
    categoryId: draft.categoryId,
    description: draft.description,
    information: draft.specs.map((row) => ({
      informationKey: row.key,
      informationValue: row.value,
    })),
    vatPercent: draft.vatPercent,
    weightGrams: draft.weightGrams,
    relatedIds: draft.related.map((product) => product.id),
    status: draft.status,
    heroImage: draft.heroImage || draft.images[0] || '',
    gallery: draft.images,
    imageAlts: draft.imageAlts,
    options: draft.options
      .filter((option) => option.name.trim() || option.values.some((value) => value.trim()))
      .map((option) => ({
        name: option.name,
        values: option.values.filter((value) => value.trim()),
      })),
    items: draft.items.map((item) => ({
      ...(item.id ? { id: item.id } : { stock: item.stock }),
      variants: item.variants,
      sku: item.sku,
      priceOre: oreOf(item.price),
      discountPercent: item.discountPercent,
      orderLimit: item.orderLimit,
      weightGrams: item.weightGrams,
      disabled: item.disabled,
      lowStockThreshold: item.lowStockThreshold,
      heroImage: item.heroImage,
      gallery: item.gallery,
      isDefault: item.isDefault,
    })),
    ...(version === undefined ? {} : { version }),
  };
}

/** Messages by dotted field path, the same way the server names them. */
export type FieldErrors = Record<string, string>;

export default function ProductEditorPage() {
  const { productId } = useParams();
  const loaded = useApi(
    productId ? `/api/admin/products/${productId}` : undefined,
    adminProductSchema,
  );
  const categories = useApi('/api/admin/categories', adminCategoriesSchema);
  if (productId && !loaded.data) return <PageState of={loaded} />;
  return (
    <Editor
      key={`${loaded.data?.id ?? 'new'}-${loaded.data?.version ?? 0}`}
      product={loaded.data}
      categories={categories.data?.categories ?? []}
      onSaved={loaded.reload}
    />
  );
}

function Editor({
  product,
  categories,
  onSaved,
}: {
  product: AdminProduct | undefined;
  categories: z.infer<typeof adminCategoriesSchema>['categories'];
  onSaved: () => void;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const [draft, setDraft] = useState<ProductDraft>(() => draftOf(product));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState('');
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  const change = (patch: Partial<ProductDraft>) => {
    setDirty(true);
    setDraft((current) => {
      const next = { ...current, ...patch };
      if (!next.slugByHand) next.slug = toProductSlug(next.name);
      if (patch.options) next.items = matrixFor(next.options, next.items, next);
      return next;
    });
  };

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const itemImages = useMemo(
    () => itemImagesOf(draft.images, draft.items),
    [draft.images, draft.items],
  );

  const archivedCount = useMemo(
    () => product?.items.filter((item) => item.archivedAt !== null).length ?? 0,
    [product],
  );

  const save = async () => {
    setProblem('');
    setConflict(false);
    const body = requestOf(draft, product?.version);
    const checked = productSaveRequestSchema.safeParse(body);
    const local: FieldErrors = {};
    body.items.forEach((item, index) => {
      if (Number.isNaN(item.priceOre))
        local[`items.${index}.priceOre`] = 'Enter a price in kroner, such as 249 or 249,50';
    });
    if (!draft.categoryId) local.categoryId = 'Choose a category';
    if (!checked.success)
      for (const issue of checked.error.issues) local[issue.path.join('.')] ??= issue.message;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setProblem('Please correct the marked fields.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = product
        ? await api(`/api/admin/products/${product.id}`, adminProductSchema, {
            method: 'PUT',
            body,
          })
        : await api('/api/admin/products', adminProductSchema, { method: 'POST', body });
      setDirty(false);
      toast(`“${saved.name}” saved.`);
      if (product) onSaved();
      else void navigate(`/products/${saved.id}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors);
        setConflict(
          error.status === 409 && product !== undefined && error.message.includes('someone else'),
        );
        setProblem(error.message);
      } else setProblem('The product could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!product) return;
    const sure = await confirm({
      title: `Delete “${product.name}”?`,
      body: 'A product that has been ordered cannot be deleted; archive it instead.',
      action: 'Delete product',
    });
    if (!sure) return;
    try {
      await api(`/api/admin/products/${product.id}`, z.null(), { method: 'DELETE' });
      toast(`“${product.name}” deleted.`);
      void navigate('/products');
    } catch (error) {
      toast(
        error instanceof ApiError ? error.message : 'The product could not be deleted.',
        'danger',
      );
    }
  };

  const error = (path: string) => errors[path];
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <div>
          <Link to="/products" className="small">
            ← Products
          </Link>
          <h1 className="h3 mb-0">{product ? product.name : 'New product'}</h1>
        </div>
        <div className="d-flex gap-2">
          {product?.status === 'published' && (
            <a
              className="btn btn-outline-secondary"
              href={`/product/${product.slug}`}
              target="_blank"
              rel="noopener"
            >
              View in shop
            </a>
          )}
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </div>
      {problem && (
        <Alert variant="danger" className="d-flex justify-content-between align-items-center gap-2">
          <span>{problem}</span>
          {conflict && (
            <Button variant="outline-danger" size="sm" onClick={onSaved}>
              Reload the product
            </Button>
          )}
        </Alert>
      )}
      <Row className="g-4">
        <Col lg={8}>
          <Card className="mb-4">
            <Card.Body>
              <Form.Group className="mb-3" controlId="product-name">
                <Form.Label>Name</Form.Label>
                <Form.Control
                  value={draft.name}
                  onChange={(event) => change({ name: event.target.value })}
                  isInvalid={Boolean(error('name'))}
                />
                <Form.Control.Feedback type="invalid">{error('name')}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-3" controlId="product-slug">
                <Form.Label>Web address</Form.Label>
                <div className="input-group has-validation">
                  <span className="input-group-text">/product/</span>
                  <Form.Control
                    value={draft.slug}
                    readOnly={!draft.slugByHand}
                    onChange={(event) => change({ slug: event.target.value })}
                    isInvalid={Boolean(error('slug'))}
                  />
                  <Form.Control.Feedback type="invalid">{error('slug')}</Form.Control.Feedback>
                </div>
                <Form.Check
                  type="switch"
                  id="product-slug-by-hand"
                  className="mt-1"
                  label="Set by hand (otherwise it follows the name; an old address redirects)"
                  checked={draft.slugByHand}
                  onChange={(event) => change({ slugByHand: event.target.checked })}
                />
              </Form.Group>
              <Form.Label id="product-description-label">Description</Form.Label>
              <RichTextEditor
                id="product-description"
                labelledBy="product-description-label"
                value={draft.description}
                onChange={(description) => change({ description })}
              />
              {error('description') && (
                <div className="text-danger small">{error('description')}</div>
              )}
            </Card.Body>
          </Card>
          <ImagesEditor
            images={draft.images}
            heroImage={draft.heroImage || draft.images[0] || ''}
            onChange={(images, heroImage) => change({ images, heroImage })}
            error={error('gallery') ?? error('heroImage')}
            alts={draft.imageAlts}
            onAltChange={(path, alt) => change({ imageAlts: { ...draft.imageAlts, [path]: alt } })}
            altError={(path) => error(`imageAlts.${path}`)}
            itemImages={itemImages}
          />
          <OptionsEditor
            options={draft.options}
            onChange={(options) => change({ options })}
            errors={errors}
          />
          <SpecsEditor rows={draft.specs} onChange={(specs) => change({ specs })} errors={errors} />
        </Col>
        <Col lg={4}>
          <Card className="mb-4">
            <Card.Body>
              <Form.Group className="mb-3" controlId="product-status">
                <Form.Label>Status</Form.Label>
                <Form.Select
                  value={draft.status}
                  onChange={(event) => change({ status: event.target.value as ProductStatus })}
                >
                  <option value="draft">Draft (not in the shop)</option>
                  <option value="published">Published</option>
                  <option value="archived">Archived (not in the shop; orders keep it)</option>
                </Form.Select>
              </Form.Group>
              <Form.Group className="mb-3" controlId="product-category">
                <Form.Label>Category</Form.Label>
                <Form.Select
                  value={draft.categoryId}
                  onChange={(event) => change({ categoryId: event.target.value })}
                  isInvalid={Boolean(error('categoryId'))}
                >
                  <option value="">Choose…</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {'— '.repeat(category.level - 1)}
                      {category.name}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{error('categoryId')}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-3" controlId="product-vat">
                <Form.Label>VAT (included in prices)</Form.Label>
                <Form.Select
                  value={draft.vatPercent}
                  onChange={(event) => change({ vatPercent: Number(event.target.value) })}
                  isInvalid={Boolean(error('vatPercent'))}
                >
                  {productVatRates.map((rate) => (
                    <option key={rate} value={rate}>
                      {rate} %{rate === 15 ? ' (food)' : ''}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{error('vatPercent')}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group controlId="product-weight">
                <Form.Label>Weight of new items (grams)</Form.Label>
                <Form.Control
                  type="number"
                  min={0}
                  value={draft.weightGrams}
                  onChange={(event) => change({ weightGrams: Number(event.target.value) })}
                  isInvalid={Boolean(error('weightGrams'))}
                />
                <Form.Control.Feedback type="invalid">{error('weightGrams')}</Form.Control.Feedback>
              </Form.Group>
            </Card.Body>
          </Card>
          <RelatedPicker
            productId={product?.id}
            related={draft.related}
            onChange={(related) => change({ related })}
            error={error('relatedIds')}
          />
          {product && (
            <Button variant="outline-danger" className="w-100" onClick={() => void remove()}>
              Delete product
            </Button>
          )}
        </Col>
      </Row>
      <ItemMatrix
        items={draft.items}
        images={draft.images}
        errors={errors}
        archivedCount={archivedCount}
        onChange={(items) => change({ items })}
      />
    </Form>
  );
}
