import { MAX_IMAGE_ALT_LENGTH } from '@shop/shared';
import { type DragEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { SortableList } from '../../components/sortable-list.js';
import { uploadImage } from '../../lib/api.js';
import { ApiError } from '../../lib/api-error.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { previewUrl } from '../../lib/image-url.js';
import type en from './i18n/en.json';
import type { ItemImage } from './item-matrix.js';

/**
 * The alt text of one picture: what a screen reader says of it on the product page, and what
 * a search engine reads. Empty falls back to the product's name there.
 */
function AltInput({
  path,
  label,
  alt,
  error,
  onChange,
}: {
  path: string;
  label: string;
  alt: string;
  error: string | undefined;
  onChange: (path: string, alt: string) => void;
}) {
  const t = useT<typeof en>();
  const id = useId();
  return (
    <Form.Group controlId={id} className="mt-1">
      <Form.Label className="small mb-0">
        <span aria-hidden="true">{t('products.images.alt')}</span>
        <span className="visually-hidden">{t('products.images.altOf', { label })}</span>
      </Form.Label>
      <Form.Control
        size="sm"
        value={alt}
        maxLength={MAX_IMAGE_ALT_LENGTH}
        placeholder={t('products.images.altPlaceholder')}
        isInvalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(path, event.target.value)}
      />
      {error && (
        <Form.Control.Feedback id={`${id}-error`} type="invalid">
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

/**
 * The product's pictures: dropped or chosen many at once (uploaded one by one, so one bad file
 * does not stop the rest), reordered by dragging, one chosen as the hero, each with its alt text;
 * then the items' own pictures (a colour's) with theirs.
 */
export function ImagesEditor({
  images,
  heroImage,
  onChange,
  error,
  alts,
  onAltChange,
  altError,
  itemImages,
}: {
  images: string[];
  heroImage: string;
  onChange: (images: string[], heroImage: string) => void;
  error: string | undefined;
  alts: Readonly<Record<string, string>>;
  onAltChange: (path: string, alt: string) => void;
  altError: (path: string) => string | undefined;
  itemImages: readonly ItemImage[];
}) {
  const t = useT<typeof en>();
  const message = useMessage();
  const inputId = useId();
  const itemLabel = ({ shared, count, number }: ItemImage) => {
    const name = shared || t('products.images.itemCount', { count });
    return number === null ? name : t('products.images.numbered', { name, number });
  };
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragOver, setDragOver] = useState(false);

  const upload = async (files: readonly File[]) => {
    setProblems([]);
    setUploading(files.length);
    const added: string[] = [];
    const failed: string[] = [];
    for (const file of files) {
      try {
        added.push(await uploadImage(file));
      } catch (problem) {
        failed.push(
          t('products.images.failed', {
            file: file.name,
            problem:
              problem instanceof ApiError
                ? message(problem.message)
                : t('products.images.notUploaded'),
          }),
        );
      }
      setUploading((left) => left - 1);
    }
    setProblems(failed);
    const next = [...images, ...added];
    onChange(next, heroImage || next[0] || '');
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragOver(false);
    void upload([...event.dataTransfer.files]);
  };

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{t('products.images.title')}</h2>
        {(error || problems.length > 0) && (
          <Alert variant="danger">
            {error}
            {problems.map((problem) => (
              <div key={problem}>{problem}</div>
            ))}
          </Alert>
        )}
        {images.length > 0 && (
          <SortableList
            layout="grid"
            className="list-unstyled d-flex flex-wrap gap-3"
            items={images.map((path) => ({ id: path }))}
            onReorder={(ordered) =>
              onChange(
                ordered.map((one) => one.id),
                heroImage,
              )
            }
            renderItem={({ id: path }, handle) => (
              <div className="image-tile border rounded p-1 bg-body">
                <img src={previewUrl(path)} alt={alts[path] ?? ''} />
                <div className="d-flex align-items-center justify-content-between mt-1 gap-1">
                  {handle}
                  <Form.Check
                    type="radio"
                    name="hero-image"
                    id={`hero-${path}`}
                    label={t('products.images.hero')}
                    checked={heroImage === path}
                    onChange={() => onChange(images, path)}
                  />
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={t('products.images.remove', { number: images.indexOf(path) + 1 })}
                    onClick={() => {
                      const next = images.filter((one) => one !== path);
                      onChange(next, heroImage === path ? (next[0] ?? '') : heroImage);
                    }}
                  >
                    ×
                  </Button>
                </div>
                <AltInput
                  path={path}
                  label={t('products.images.image', { number: images.indexOf(path) + 1 })}
                  alt={alts[path] ?? ''}
                  error={altError(path)}
                  onChange={onAltChange}
                />
              </div>
            )}
          />
        )}
        <div
          className={`drop-zone mt-3 ${dragOver ? 'drag-over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
        >
          {uploading > 0 ? (
            <span role="status">{t('products.images.uploading', { count: uploading })}</span>
          ) : (
            <>
              <p className="mb-2">{t('products.images.drop')}</p>
              <Form.Label htmlFor={inputId} className="btn btn-outline-primary mb-0">
                {t('products.images.choose')}
              </Form.Label>
              <Form.Control
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                className="visually-hidden"
                onChange={(event) => {
                  const input = event.target as HTMLInputElement;
                  void upload([...(input.files ?? [])]);
                  input.value = '';
                }}
              />
              <p className="small text-body-secondary mt-2 mb-0">{t('products.images.formats')}</p>
            </>
          )}
        </div>
        {itemImages.length > 0 && (
          <>
            <h3 className="h6 mt-4">{t('products.images.itemPictures')}</h3>
            <p className="small text-body-secondary">{t('products.images.itemPicturesHelp')}</p>
            <ul className="list-unstyled d-flex flex-wrap gap-3 mb-0">
              {itemImages
                .map((picture) => ({ ...picture, label: itemLabel(picture) }))
                .map(({ path, label }) => (
                  <li key={path}>
                    <div className="image-tile border rounded p-1 bg-body">
                      <img src={previewUrl(path)} alt={alts[path] ?? ''} />
                      <div className="small text-truncate mt-1" title={label}>
                        {label}
                      </div>
                      <AltInput
                        path={path}
                        label={t('products.images.pictureOf', { label })}
                        alt={alts[path] ?? ''}
                        error={altError(path)}
                        onChange={onAltChange}
                      />
                    </div>
                  </li>
                ))}
            </ul>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
