import { type AdminUploadFolder, MAX_CAMPAIGN_PRODUCTS, type ProductRef } from '@shop/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ProductSearch } from '../../components/product-search.js';
import { SortableList } from '../../components/sortable-list.js';
import { uploadImage } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { useT } from '../../lib/i18n.js';
import { previewUrl } from '../../lib/image-url.js';
import type { ContentKind } from './content-form.js';
import type en from './i18n/en.json';

/** Slides are 8:3 and banners 4:1 on the storefront; previews keep that shape. */
export const contentAspect: Record<ContentKind, string> = { slide: '8 / 3', campaign: '4 / 1' };

/** What an uploaded picture is for: a slide, a banner or a photo of the cleaning page's gallery. */
type ImageKind = ContentKind | 'cleaning-photo';

const imageFolders: Record<ImageKind, AdminUploadFolder> = {
  slide: 'carousel',
  campaign: 'campaigns',
  'cleaning-photo': 'cleaning-gallery',
};

/** The cleaning page shows its photos 4:3. */
export const imageAspect: Record<ImageKind, string> = {
  ...contentAspect,
  'cleaning-photo': '4 / 3',
};

/**
 * The slide's, banner's or gallery photo's picture: uploaded at once into its folder, where the
 * shop stores it in the sizes phones and desktops fetch, and saved with the dialog.
 */
export function ContentImageField({
  kind,
  image,
  alt,
  error,
  onChange,
}: {
  kind: ImageKind;
  image: string;
  alt: string;
  error: string | undefined;
  onChange: (path: string) => void;
}) {
  const inputId = useId();
  const t = useT<typeof en>();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');

  const upload = async (file: File) => {
    setProblem('');
    setUploading(true);
    try {
      onChange(await uploadImage(file, imageFolders[kind]));
    } catch (failure) {
      setProblem(
        t('content.image.failed', {
          file: file.name,
          problem: failure instanceof ApiError ? failure.message : t('content.image.notUploaded'),
        }),
      );
    } finally {
      setUploading(false);
    }
  };

  const message = problem || error;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">{t('content.image.title')}</legend>
      {image ? (
        <img
          src={previewUrl(image)}
          alt={alt}
          className="w-100 rounded border mb-2"
          style={{ aspectRatio: imageAspect[kind], objectFit: 'cover' }}
        />
      ) : (
        <div
          className="w-100 rounded border mb-2 d-flex align-items-center justify-content-center bg-body-tertiary text-body-secondary small"
          style={{ aspectRatio: imageAspect[kind] }}
        >
          {t('content.image.none')}
        </div>
      )}
      {uploading ? (
        <span role="status">{t('content.image.uploading')}</span>
      ) : (
        <>
          <Form.Label htmlFor={inputId} className="btn btn-sm btn-outline-primary mb-0">
            {image ? t('content.image.replace') : t('content.image.choose')}
          </Form.Label>
          <Form.Control
            id={inputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            aria-describedby={`${inputId}-help`}
            aria-invalid={Boolean(message)}
            onChange={(event) => {
              const input = event.target as HTMLInputElement;
              const file = input.files?.[0];
              if (file) void upload(file);
              input.value = '';
            }}
          />
        </>
      )}
      {message && (
        <div className="text-danger small mt-1" role="alert">
          {message}
        </div>
      )}
      <Form.Text id={`${inputId}-help`} muted className="d-block">
        {t('content.image.help', { kind })}
      </Form.Text>
    </fieldset>
  );
}

/** The product chosen as the link, or a search to choose one. */
export function LinkedProduct({
  productId,
  name,
  error,
  onChange,
}: {
  productId: string;
  name: string | undefined;
  error: string | undefined;
  onChange: (product: ProductRef | undefined) => void;
}) {
  const t = useT<typeof en>();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">{t('content.product.title')}</legend>
      {productId ? (
        <div className="d-flex align-items-center gap-2 border rounded px-2 py-1">
          <span className="flex-grow-1">{name ?? t('content.product.chosen')}</span>
          <Button size="sm" variant="outline-secondary" onClick={() => onChange(undefined)}>
            {t('content.product.change')}
          </Button>
        </div>
      ) : (
        <ProductSearch label={t('content.product.find')} exclude={[]} onPick={onChange} />
      )}
      {error && (
        <div className="text-danger small mt-1" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/** A banner's products: found by name, shown on the home page in this order (drag to change). */
export function CampaignProducts({
  ids,
  names,
  error,
  onChange,
}: {
  ids: readonly string[];
  names: Readonly<Record<string, string>>;
  error: string | undefined;
  onChange: (ids: string[], picked?: ProductRef) => void;
}) {
  const t = useT<typeof en>();
  const full = ids.length >= MAX_CAMPAIGN_PRODUCTS;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">
        {t('content.products.title', { count: ids.length })}
      </legend>
      {ids.length > 0 && (
        <SortableList
          as="ol"
          className="list-unstyled mb-2"
          items={ids.map((id) => ({ id }))}
          onReorder={(ordered) => onChange(ordered.map((one) => one.id))}
          renderItem={({ id }, handle) => (
            <div className="d-flex align-items-center gap-2 border rounded px-2 py-1 mb-1 bg-body">
              {handle}
              <span className="flex-grow-1">{names[id] ?? t('content.products.unnamed')}</span>
              <Button
                size="sm"
                variant="link"
                className="text-danger"
                aria-label={t('content.products.removeNamed', {
                  name: names[id] ?? t('content.products.unnamed'),
                })}
                onClick={() => onChange(ids.filter((one) => one !== id))}
              >
                {t('content.products.remove')}
              </Button>
            </div>
          )}
        />
      )}
      <ProductSearch
        label={t('content.products.find')}
        exclude={ids}
        disabled={full}
        onPick={(product) => onChange([...ids, product.id], product)}
      />
      {error && (
        <div className="text-danger small mt-1" role="alert">
          {error}
        </div>
      )}
      <Form.Text muted>
        {full
          ? t('content.products.full', { max: MAX_CAMPAIGN_PRODUCTS })
          : t('content.products.help')}
      </Form.Text>
    </fieldset>
  );
}
