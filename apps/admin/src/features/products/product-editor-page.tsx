import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_BRAND_LENGTH,
  productStatusValues,
  productVatRates,
  toProductSlug,
  type AdminCategory,
  type AdminProduct,
} from '@shop/shared';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
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
import { useMessage, useT } from '../../lib/i18n.js';
import { useDeleteProduct, useDuplicateProduct, useProduct, useSaveProduct } from './api.js';
import { itemImagesOf, matrixFor } from './item-matrix.js';
import { ImagesEditor } from './images-editor.js';
import { ItemMatrix } from './item-matrix-table.js';
import { OptionsEditor } from './options-editor.js';
import { RelatedPicker } from './related-picker.js';
import { EnglishFallback } from './english-fallback.js';
import type en from './i18n/en.json';
import { draftOf, productForm, type ProductDraft, type ProductRequest } from './product-form.js';
import { ProductPreviewButton } from './product-preview-button.js';
import { SpecsEditor } from './specs-editor.js';

/** Where the storefront shows a product: its address is this and the slug. */
const productPath = '/product/';

/** A description the editor left without words (`<p></p>`) says nothing in English either. */
const isEmptyHtml = (html: string) => html.replace(/<[^>]*>|&nbsp;/g, '').trim() === '';

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
  const t = useT<typeof en>();
  const message = useMessage();
  const navigate = useNavigate();
  const toast = useToast();
  const confirm = useConfirm();
  const saveProduct = useSaveProduct();
  const deleteProduct = useDeleteProduct();
  const duplicateProduct = useDuplicateProduct();
  const [duplicating, setDuplicating] = useState(false);
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
  const [
    slugByHand,
    nameEn,
    description,
    descriptionEn,
    images,
    heroImage,
    imageAlts,
    options,
    optionsEn,
    specs,
    related,
    items,
  ] = useWatch({
    control,
    name: [
      'slugByHand',
      'nameEn',
      'description',
      'descriptionEn',
      'images',
      'heroImage',
      'imageAlts',
      'options',
      'optionsEn',
      'specs',
      'related',
      'items',
    ],
  });
  const errors = Object.fromEntries(
    Object.entries(errorsByPath(formErrors)).map(([path, text]) => [path, message(text)]),
  );
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
        toast(t('products.editor.saved', { name: saved.name }));
        if (!product) void navigate(`/products/${saved.id}`, { replace: true });
      } catch (error) {
        if (error instanceof ApiError) {
          for (const [path, message] of Object.entries(error.fieldErrors))
            setError(path as keyof ProductDraft, { type: 'server', message });
          // The server's only 409 on an existing product's save is another's newer version.
          setConflict(error.status === 409 && product !== undefined);
          setProblem(message(error.message));
        } else setProblem(t('products.editor.saveFailed'));
      }
    },
    () => setProblem(t('products.editor.correctFields')),
  );

  const remove = async () => {
    if (!product) return;
    const sure = await confirm({
      title: t('products.editor.deleteTitle', { name: product.name }),
      body: t('products.editor.deleteBody'),
      action: t('products.editor.delete'),
    });
    if (!sure) return;
    try {
      await deleteProduct(product.id);
      toast(t('products.editor.deleted', { name: product.name }));
      void navigate('/products');
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('products.editor.deleteFailed'),
        'danger',
      );
    }
  };

  /** A draft copy of the product as saved (issue 34.3), opened at once for editing. */
  const duplicate = async () => {
    if (!product) return;
    if (
      isDirty &&
      !(await confirm({
        title: t('products.editor.duplicateTitle', { name: product.name }),
        body: t('products.editor.duplicateUnsaved'),
        action: t('products.editor.duplicate'),
      }))
    )
      return;
    setDuplicating(true);
    try {
      const copy = await duplicateProduct(product.id);
      toast(t('products.editor.duplicated', { name: copy.name }));
      void navigate(`/products/${copy.id}`);
    } catch (error) {
      toast(
        error instanceof ApiError ? message(error.message) : t('products.editor.duplicateFailed'),
        'danger',
      );
    } finally {
      setDuplicating(false);
    }
  };

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
            {t('products.editor.back')}
          </Link>
          <h1 className="h3 mb-0">{product ? product.name : t('products.editor.new')}</h1>
        </div>
        <div className="d-flex gap-2 flex-wrap">
          {product?.status === 'published' && (
            <a
              className="btn btn-outline-secondary"
              href={`/product/${product.slug}`}
              target="_blank"
              rel="noopener"
            >
              {t('products.editor.viewInShop')}
            </a>
          )}
          {product && <ProductPreviewButton productId={product.id} />}
          {product && (
            <Button
              variant="outline-secondary"
              disabled={duplicating}
              onClick={() => void duplicate()}
            >
              {duplicating ? t('products.editor.duplicating') : t('products.editor.duplicate')}
            </Button>
          )}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('products.editor.saving') : t('products.editor.save')}
          </Button>
        </div>
      </div>
      {problem && (
        <Alert variant="danger" className="d-flex justify-content-between align-items-center gap-2">
          <span>{problem}</span>
          {conflict && (
            <Button variant="outline-danger" size="sm" onClick={onReload}>
              {t('products.editor.reload')}
            </Button>
          )}
        </Alert>
      )}
      <Row className="g-4">
        <Col lg={8}>
          <Card className="mb-4">
            <Card.Body>
              <p className="small text-body-secondary">{t('products.editor.languagesHelp')}</p>
              <Row className="g-3 mb-3">
                <Col md={6}>
                  <Form.Group controlId="product-name">
                    <Form.Label>{t('products.editor.name')}</Form.Label>
                    <Form.Control
                      {...register('name', { onChange: followName })}
                      isInvalid={Boolean(errors.name)}
                    />
                    <Form.Control.Feedback type="invalid">{errors.name}</Form.Control.Feedback>
                  </Form.Group>
                </Col>
                <Col md={6}>
                  <Form.Group controlId="product-name-en">
                    <Form.Label>{t('products.editor.nameEn')}</Form.Label>
                    <Form.Control
                      {...register('nameEn')}
                      isInvalid={Boolean(errors['en.name'])}
                      aria-describedby={nameEn.trim() ? undefined : 'product-name-en-fallback'}
                    />
                    <Form.Control.Feedback type="invalid">
                      {errors['en.name']}
                    </Form.Control.Feedback>
                    {!nameEn.trim() && <EnglishFallback id="product-name-en-fallback" />}
                  </Form.Group>
                </Col>
              </Row>
              <Form.Group className="mb-3" controlId="product-slug">
                <Form.Label>{t('products.editor.slug')}</Form.Label>
                <div className="input-group has-validation">
                  <span className="input-group-text">{productPath}</span>
                  <Form.Control
                    readOnly={!slugByHand}
                    {...register('slug')}
                    isInvalid={Boolean(errors.slug)}
                  />
                  <Form.Control.Feedback type="invalid">{errors.slug}</Form.Control.Feedback>
                </div>
                <Form.Check
                  type="switch"
                  id="product-slug-by-hand"
                  className="mt-1"
                  label={t('products.editor.slugByHand')}
                  {...register('slugByHand', { onChange: followName })}
                />
              </Form.Group>
              <DescriptionEditor
                id="product-description"
                label={t('products.editor.description')}
                value={description}
                onChange={(description) => change({ description })}
                error={errors.description}
              />
              <DescriptionEditor
                id="product-description-en"
                label={t('products.editor.descriptionEn')}
                value={descriptionEn}
                onChange={(descriptionEn) => change({ descriptionEn })}
                error={errors['en.description']}
                note={
                  isEmptyHtml(descriptionEn) && !isEmptyHtml(description) && <EnglishFallback />
                }
              />
            </Card.Body>
          </Card>
          <ImagesEditor
            images={images}
            heroImage={heroImage || images[0] || ''}
            onChange={(images, heroImage) => change({ images, heroImage })}
            error={errors.gallery ?? errors.heroImage}
            alts={imageAlts}
            onAltChange={(path, alt) => change({ imageAlts: { ...imageAlts, [path]: alt } })}
            altError={(path) => errors[`imageAlts.${path}`]}
            itemImages={itemImages}
          />
          <OptionsEditor
            options={options}
            english={optionsEn}
            onChange={(options, optionsEn) => change({ options, optionsEn })}
            errors={errors}
          />
          <SpecsEditor rows={specs} onChange={(specs) => change({ specs })} errors={errors} />
        </Col>
        <Col lg={4}>
          <Card className="mb-4">
            <Card.Body>
              <Form.Group className="mb-3" controlId="product-status">
                <Form.Label>{t('products.editor.status')}</Form.Label>
                <Form.Select {...register('status')}>
                  {productStatusValues.map((status) => (
                    <option key={status} value={status}>
                      {t('products.editor.statusOption', { status })}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group className="mb-3" controlId="product-category">
                <Form.Label>{t('common.category')}</Form.Label>
                <Form.Select {...register('categoryId')} isInvalid={Boolean(errors.categoryId)}>
                  <option value="">{t('products.editor.choose')}</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {'— '.repeat(category.level - 1)}
                      {category.name}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.categoryId}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mb-3" controlId="product-vat">
                <Form.Label>{t('products.editor.vat')}</Form.Label>
                <Form.Select
                  {...register('vatPercent', { setValueAs: Number })}
                  isInvalid={Boolean(errors.vatPercent)}
                >
                  {productVatRates.map((rate) => (
                    <option key={rate} value={rate}>
                      {t('products.editor.vatRate', { rate })}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.vatPercent}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group controlId="product-weight">
                <Form.Label>{t('products.editor.weight')}</Form.Label>
                <Form.Control
                  type="number"
                  min={0}
                  {...register('weightGrams', { setValueAs: Number })}
                  isInvalid={Boolean(errors.weightGrams)}
                />
                <Form.Control.Feedback type="invalid">{errors.weightGrams}</Form.Control.Feedback>
              </Form.Group>
              <Form.Group className="mt-3" controlId="product-brand">
                <Form.Label>{t('products.editor.brand')}</Form.Label>
                <Form.Control
                  {...register('brand')}
                  maxLength={MAX_BRAND_LENGTH}
                  isInvalid={Boolean(errors.brand)}
                  aria-describedby="product-brand-help"
                />
                <Form.Control.Feedback type="invalid">{errors.brand}</Form.Control.Feedback>
                <Form.Text id="product-brand-help">{t('products.editor.brandHelp')}</Form.Text>
              </Form.Group>
              <Form.Group className="mt-3" controlId="product-gtin">
                <Form.Label>{t('products.editor.gtin')}</Form.Label>
                <Form.Control
                  {...register('gtin')}
                  inputMode="numeric"
                  autoComplete="off"
                  isInvalid={Boolean(errors.gtin)}
                  aria-describedby="product-gtin-help"
                />
                <Form.Control.Feedback type="invalid">{errors.gtin}</Form.Control.Feedback>
                <Form.Text id="product-gtin-help">{t('products.editor.gtinHelp')}</Form.Text>
              </Form.Group>
            </Card.Body>
          </Card>
          <RelatedPicker
            productId={product?.id}
            related={related}
            onChange={(related) => change({ related })}
            error={errors.relatedIds}
          />
          {product && (
            <Button variant="outline-danger" className="w-100" onClick={() => void remove()}>
              {t('products.editor.delete')}
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

/** A description's rich-text editor under its label, with the field's error below it. */
function DescriptionEditor({
  id,
  label,
  value,
  onChange,
  error,
  note,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  error: string | undefined;
  /** Said under the editor, such as that the English falls back to bokmål. */
  note?: ReactNode;
}) {
  return (
    <div className="mb-3">
      <Form.Label id={`${id}-label`}>{label}</Form.Label>
      <RichTextEditor id={id} labelledBy={`${id}-label`} value={value} onChange={onChange} />
      {error && <div className="text-danger small">{error}</div>}
      {note}
    </div>
  );
}
