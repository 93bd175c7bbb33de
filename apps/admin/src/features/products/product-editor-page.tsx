import { zodResolver } from '@hookform/resolvers/zod';
import {
  productVatRates,
  toProductSlug,
  type AdminCategory,
  type AdminProduct,
} from '@shop/shared';
import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm.js';
import { PageState } from '../../components/page-state.js';
import { RichTextEditor } from '../../components/rich-text-editor.js';
import { useToast } from '../../components/toasts.js';
import { useCategories } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { errorsByPath } from '../../lib/form-errors.js';
import { useDeleteProduct, useProduct, useSaveProduct } from './api.js';
import { itemImagesOf, matrixFor } from './item-matrix.js';
import { ImagesEditor } from './images-editor.js';
import { ItemMatrix } from './item-matrix-table.js';
import { OptionsEditor } from './options-editor.js';
import { RelatedPicker } from './related-picker.js';
import { draftOf, productForm, type ProductDraft, type ProductRequest } from './product-form.js';
import { SpecsEditor } from './specs-editor.js';

export default function ProductEditorPage() {
  const { productId } = useParams();
  const loaded = useProduct(productId);
  const categories = useCategories();
  // Filled once from a fresh load, never from a kept answer: stock changes without a new
  // version, so a form filled from a kept answer would keep showing the old stock.
  const fresh = loaded.isFetchedAfterMount ? loaded.data : undefined;
  if (productId && !fresh) return <PageState of={{ ...loaded, data: fresh }} />;
  // The category field is filled once, so its options must be there first.
  if (!categories.data) return <PageState of={categories} />;
  return (
    <Editor
      key={`${fresh?.id ?? 'new'}-${fresh?.version ?? 0}`}
      product={fresh}
      categories={categories.data.categories}
      onReload={() => void loaded.refetch()}
    />
  );
}

function Editor({
  product,
  categories,
  onReload,
}: {
  product: AdminProduct | undefined;
  categories: AdminCategory[];
  onReload: () => void;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const saveProduct = useSaveProduct();
  const deleteProduct = useDeleteProduct();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    reset,
    formState: { errors: formErrors, isSubmitting, isDirty },
  } = useForm<ProductDraft, unknown, ProductRequest>({
    resolver: zodResolver(productForm(product?.version)),
    defaultValues: draftOf(product),
    // As before the form library: a message stays until the next save.
    reValidateMode: 'onSubmit',
  });
  const [slugByHand, description, images, heroImage, imageAlts, options, specs, related, items] =
    useWatch({
      control,
      name: [
        'slugByHand',
        'description',
        'images',
        'heroImage',
        'imageAlts',
        'options',
        'specs',
        'related',
        'items',
      ],
    });
  const errors = errorsByPath(formErrors);
  const [problem, setProblem] = useState('');
  const [conflict, setConflict] = useState(false);

  /** Until it is set by hand, the web address follows the name. */
  const followName = () => {
    if (!getValues('slugByHand'))
      setValue('slug', toProductSlug(getValues('name')), { shouldDirty: true });
  };
  /** Changes a part the editors below hold; the items follow the options. */
  const change = (patch: Partial<ProductDraft>) => {
    const changes: Partial<ProductDraft> = { ...patch };
    if (patch.options) changes.items = matrixFor(patch.options, getValues('items'), getValues());
    for (const [field, value] of Object.entries(changes))
      setValue(field as keyof ProductDraft, value, { shouldDirty: true });
  };

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const itemImages = useMemo(() => itemImagesOf(images, items), [images, items]);

  const archivedCount = useMemo(
    () => product?.items.filter((item) => item.archivedAt !== null).length ?? 0,
    [product],
  );

  const save = handleSubmit(
    async (body) => {
      try {
        const saved = await saveProduct({ productId: product?.id, body });
        // Saved: leaving the page no longer warns; the product loads again in its new version.
        reset(getValues());
        toast(`“${saved.name}” saved.`);
        if (!product) void navigate(`/products/${saved.id}`, { replace: true });
      } catch (error) {
        if (error instanceof ApiError) {
          for (const [path, message] of Object.entries(error.fieldErrors))
            setError(path as keyof ProductDraft, { type: 'server', message });
          setConflict(
            error.status === 409 && product !== undefined && error.message.includes('someone else'),
          );
          setProblem(error.message);
        } else setProblem('The product could not be saved. Please try again.');
      }
    },
    () => setProblem('Please correct the marked fields.'),
  );

  const remove = async () => {
    if (!product) return;
    const sure = await confirm({
      title: `Delete “${product.name}”?`,
      body: 'A product that has been ordered cannot be deleted; archive it instead.',
      action: 'Delete product',
    });
    if (!sure) return;
    try {
      await deleteProduct(product.id);
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
        setProblem('');
        setConflict(false);
        void save(event);
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
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </div>
      {problem && (
        <Alert variant="danger" className="d-flex justify-content-between align-items-center gap-2">
          <span>{problem}</span>
          {conflict && (
            <Button variant="outline-danger" size="sm" onClick={onReload}>
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
                  {...register('name', { onChange: followName })}
                  isInvalid={Boolean(error('name'))}
                />
                <Form.Control.Feedback type="invalid">{error('name')}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-3" controlId="product-slug">
                <Form.Label>Web address</Form.Label>
                <div className="input-group has-validation">
                  <span className="input-group-text">/product/</span>
                  <Form.Control
                    readOnly={!slugByHand}
                    {...register('slug')}
                    isInvalid={Boolean(error('slug'))}
                  />
                  <Form.Control.Feedback type="invalid">{error('slug')}</Form.Control.Feedback>
                </div>
                <Form.Check
                  type="switch"
                  id="product-slug-by-hand"
                  className="mt-1"
                  label="Set by hand (otherwise it follows the name; an old address redirects)"
                  {...register('slugByHand', { onChange: followName })}
                />
              </Form.Group>
              <Form.Label id="product-description-label">Description</Form.Label>
              <RichTextEditor
                id="product-description"
                labelledBy="product-description-label"
                value={description}
                onChange={(description) => change({ description })}
              />
              {error('description') && (
                <div className="text-danger small">{error('description')}</div>
              )}
            </Card.Body>
          </Card>
          <ImagesEditor
            images={images}
            heroImage={heroImage || images[0] || ''}
            onChange={(images, heroImage) => change({ images, heroImage })}
            error={error('gallery') ?? error('heroImage')}
            alts={imageAlts}
            onAltChange={(path, alt) => change({ imageAlts: { ...imageAlts, [path]: alt } })}
            altError={(path) => error(`imageAlts.${path}`)}
            itemImages={itemImages}
          />
          <OptionsEditor
            options={options}
            onChange={(options) => change({ options })}
            errors={errors}
          />
          <SpecsEditor rows={specs} onChange={(specs) => change({ specs })} errors={errors} />
        </Col>
        <Col lg={4}>
          <Card className="mb-4">
            <Card.Body>
              <Form.Group className="mb-3" controlId="product-status">
                <Form.Label>Status</Form.Label>
                <Form.Select {...register('status')}>
                  <option value="draft">Draft (not in the shop)</option>
                  <option value="published">Published</option>
                  <option value="archived">Archived (not in the shop; orders keep it)</option>
                </Form.Select>
              </Form.Group>
              <Form.Group className="mb-3" controlId="product-category">
                <Form.Label>Category</Form.Label>
                <Form.Select {...register('categoryId')} isInvalid={Boolean(error('categoryId'))}>
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
                  {...register('vatPercent', { setValueAs: Number })}
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
                  {...register('weightGrams', { setValueAs: Number })}
                  isInvalid={Boolean(error('weightGrams'))}
                />
                <Form.Control.Feedback type="invalid">{error('weightGrams')}</Form.Control.Feedback>
              </Form.Group>
            </Card.Body>
          </Card>
          <RelatedPicker
            productId={product?.id}
            related={related}
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
        items={items}
        images={images}
        errors={errors}
        archivedCount={archivedCount}
        onChange={(items) => change({ items })}
      />
    </Form>
  );
}
