import { uploadResponseSchema } from '@shop/shared';
import { type DragEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { SortableList } from '../../components/sortable-list.js';
import { api, ApiError } from '../../lib/api-client.js';
import { imageUrl } from '../../lib/image-url.js';

/**
 * The product's pictures: dropped or chosen many at once (uploaded one by one, so one bad file
 * does not stop the rest), reordered by dragging, one chosen as the hero.
 */
export function ImagesEditor({
  images,
  heroImage,
  onChange,
  error,
}: {
  images: string[];
  heroImage: string;
  onChange: (images: string[], heroImage: string) => void;
  error: string | undefined;
}) {
  const inputId = useId();
  const [uploading, setUploading] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragOver, setDragOver] = useState(false);

  const upload = async (files: readonly File[]) => {
    setProblems([]);
    setUploading(files.length);
    const added: string[] = [];
    const failed: string[] = [];
    for (const file of files) {
      const form = new FormData();
      form.append('image', file);
      try {
        added.push(
          await api('/api/admin/images', uploadResponseSchema, { method: 'POST', body: form }),
        );
      } catch (problem) {
        failed.push(
          `${file.name}: ${problem instanceof ApiError ? problem.message : 'not uploaded'}`,
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
        <h2 className="h5">Images</h2>
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
                <img src={imageUrl(path)} alt="" />
                <div className="d-flex align-items-center justify-content-between mt-1 gap-1">
                  {handle}
                  <Form.Check
                    type="radio"
                    name="hero-image"
                    id={`hero-${path}`}
                    label="Hero"
                    checked={heroImage === path}
                    onChange={() => onChange(images, path)}
                  />
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label="Remove this image"
                    onClick={() => {
                      const next = images.filter((one) => one !== path);
                      onChange(next, heroImage === path ? (next[0] ?? '') : heroImage);
                    }}
                  >
                    ×
                  </Button>
                </div>
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
            <span role="status">
              Uploading {uploading} image{uploading === 1 ? '' : 's'}…
            </span>
          ) : (
            <>
              <p className="mb-2">Drop images here, or</p>
              <Form.Label htmlFor={inputId} className="btn btn-outline-primary mb-0">
                Choose images
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
              <p className="small text-body-secondary mt-2 mb-0">
                JPEG, PNG, WebP, GIF or AVIF. Stored as WebP without location data.
              </p>
            </>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
