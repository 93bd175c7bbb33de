import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCleaningPhoto, MAX_CLEANING_PHOTOS, MAX_CONTENT_ALT_LENGTH } from '@shop/shared';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useForm, useWatch } from 'react-hook-form';
import { useConfirm } from '../../components/confirm.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { SortableList } from '../../components/sortable-list.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { previewUrl } from '../../lib/image-url.js';
import { useCleaningPhotos, useDeletePhoto, useReorderPhotos, useSavePhoto } from './api.js';
import { photoAltFormSchema, photoFormSchema } from './cleaning-form.js';
import { ContentImageField, imageAspect } from './content-fields.js';

function Entry({
  photo,
  handle,
  onEdit,
  onDelete,
}: {
  photo: AdminCleaningPhoto;
  handle: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="border rounded p-2 h-100 bg-body d-flex flex-column gap-2">
      <img
        src={previewUrl(photo.image)}
        alt=""
        className="w-100 rounded border"
        style={{ aspectRatio: imageAspect['cleaning-photo'], objectFit: 'cover' }}
      />
      <div className="small flex-grow-1" title={photo.alt}>
        {photo.alt}
      </div>
      <div className="d-flex gap-1 align-items-center">
        {handle}
        <Button
          size="sm"
          variant="outline-primary"
          className="ms-auto"
          onClick={onEdit}
          aria-label={`Edit ${photo.alt}`}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={onDelete}
          aria-label={`Delete ${photo.alt}`}
        >
          Delete
        </Button>
      </div>
    </div>
  );
}

/** The page's gallery in its order: drag to reorder, add, edit the alt text, delete. */
export function GalleryPhotosSection() {
  const loaded = useCleaningPhotos();
  const sendOrder = useReorderPhotos();
  const deletePhoto = useDeletePhoto();
  const photos = loaded.data?.photos;
  const toast = useToast();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<AdminCleaningPhoto | 'new'>();
  const [dragged, setDragged] = useState<{ from: typeof photos; order: AdminCleaningPhoto[] }>();
  const shown = dragged && dragged.from === photos ? dragged.order : photos;
  const full = (photos?.length ?? 0) >= MAX_CLEANING_PHOTOS;

  const fail = (error: unknown, fallback: string) =>
    toast(error instanceof ApiError ? error.message : fallback, 'danger');

  const reorder = async (ordered: AdminCleaningPhoto[]) => {
    setDragged({ from: photos, order: ordered });
    try {
      await sendOrder(ordered.map((photo) => photo.id));
      toast('The new order is saved.');
    } catch (error) {
      // The list loads again as the server keeps it.
      setDragged(undefined);
      fail(error, 'The order could not be saved.');
    }
  };

  const remove = async (photo: AdminCleaningPhoto) => {
    const sure = await confirm({
      title: 'Delete this photo?',
      body: `“${photo.alt}” leaves the gallery for good.`,
      action: 'Delete photo',
    });
    if (!sure) return;
    try {
      await deletePhoto(photo.id);
      toast('Photo deleted.');
    } catch (error) {
      fail(error, 'The photo could not be deleted.');
    }
  };

  return (
    <section className="mb-5" aria-labelledby="cleaning-photos-title">
      <div className="d-flex justify-content-between align-items-center mb-2 gap-2 flex-wrap">
        <h2 className="h5 mb-0" id="cleaning-photos-title">
          Gallery
        </h2>
        <Button onClick={() => setEditing('new')} disabled={full}>
          Add a photo
        </Button>
      </div>
      <p className="text-body-secondary small">
        {full ? `The gallery holds at most ${MAX_CLEANING_PHOTOS} photos: delete one first. ` : ''}
        The page shows them two a row on a phone and three on a wider screen, cropped to 4:3; drag
        one by its handle to change the order.
      </p>
      <PageState of={loaded} />
      {shown && shown.length === 0 && <p className="text-body-secondary">No photos yet.</p>}
      {shown && shown.length > 0 && (
        <SortableList
          layout="grid"
          as="ol"
          className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-xl-4 g-2"
          items={shown}
          onReorder={(ordered) => void reorder(ordered)}
          renderItem={(photo, handle) => (
            <Entry
              photo={photo}
              handle={handle}
              onEdit={() => setEditing(photo)}
              onDelete={() => void remove(photo)}
            />
          )}
        />
      )}
      {editing && (
        <PhotoDialog
          photo={editing === 'new' ? undefined : editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) toast(saved);
          }}
        />
      )}
    </section>
  );
}

interface PhotoForm {
  image: string;
  alt: string;
}

/** A new photo (upload and alt text), or an added one's alt text. */
export function PhotoDialog({
  photo,
  onClose,
}: {
  photo: AdminCleaningPhoto | undefined;
  onClose: (saved: string | undefined) => void;
}) {
  const [problem, setProblem] = useState('');
  const savePhoto = useSavePhoto();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PhotoForm>({
    resolver: zodResolver(photo ? photoAltFormSchema : photoFormSchema),
    defaultValues: { image: photo?.image ?? '', alt: photo?.alt ?? '' },
  });
  const [image, alt] = useWatch({ control, name: ['image', 'alt'] });

  const submit = handleSubmit(async (form) => {
    setProblem('');
    try {
      await savePhoto({
        id: photo?.id,
        body: photo ? { alt: form.alt, updatedAt: photo.updatedAt } : form,
      });
      onClose(photo ? 'Alt text saved.' : 'Photo added to the gallery.');
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['image', 'alt']));
    }
  });

  return (
    <FormDialog
      id="cleaning-photo-dialog"
      title={photo ? 'Edit photo' : 'New photo'}
      problem={problem}
      action={isSubmitting ? 'Saving…' : 'Save'}
      busy={isSubmitting}
      onSubmit={submit}
      onClose={() => onClose(undefined)}
    >
      {photo ? (
        <img
          src={previewUrl(photo.image)}
          alt={alt}
          className="w-100 rounded border mb-3"
          style={{ aspectRatio: imageAspect['cleaning-photo'], objectFit: 'cover' }}
        />
      ) : (
        <ContentImageField
          kind="cleaning-photo"
          image={image}
          alt={alt}
          error={errors.image?.message}
          onChange={(path) =>
            setValue('image', path, { shouldDirty: true, shouldValidate: Boolean(errors.image) })
          }
        />
      )}
      <FormField
        label="Alt text"
        maxLength={MAX_CONTENT_ALT_LENGTH}
        registration={register('alt')}
        error={errors.alt}
        help="What the photo shows, for shoppers who cannot see it, such as “A freshly cleaned office kitchen”."
      />
    </FormDialog>
  );
}
