import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCleaningPhoto, MAX_CLEANING_PHOTOS, MAX_CONTENT_ALT_LENGTH } from '@shop/shared';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { useConfirm } from '../../components/confirm.js';
import { EnglishFallback } from '../../components/english-fallback.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { SortableList } from '../../components/sortable-list.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useT } from '../../lib/i18n.js';
import { previewUrl } from '../../lib/image-url.js';
import { useCleaningPhotos, useDeletePhoto, useReorderPhotos, useSavePhoto } from './api.js';
import { photoAltFormSchema, photoFormSchema } from './cleaning-form.js';
import { ContentImageField, imageAspect } from './content-fields.js';
import type en from './i18n/en.json';

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
  const t = useT<typeof en>();
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
        {!photo.altEn && (
          <span className="d-block text-warning-emphasis">{t('content.english.missing')}</span>
        )}
      </div>
      <div className="d-flex gap-1 align-items-center">
        {handle}
        <Button
          size="sm"
          variant="outline-primary"
          className="ms-auto"
          onClick={onEdit}
          aria-label={t('content.editNamed', { name: photo.alt })}
        >
          {t('content.edit')}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={onDelete}
          aria-label={t('content.deleteNamed', { name: photo.alt })}
        >
          {t('content.delete')}
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
  const t = useT<typeof en>();
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
      toast(t('content.orderSaved'));
    } catch (error) {
      // The list loads again as the server keeps it.
      setDragged(undefined);
      fail(error, t('content.orderFailed'));
    }
  };

  const remove = async (photo: AdminCleaningPhoto) => {
    const sure = await confirm({
      title: t('content.photos.deleteTitle'),
      body: t('content.photos.deleteBody', { alt: photo.alt }),
      action: t('content.photos.deleteAction'),
    });
    if (!sure) return;
    try {
      await deletePhoto(photo.id);
      toast(t('content.photos.deleted'));
    } catch (error) {
      fail(error, t('content.photos.deleteFailed'));
    }
  };

  return (
    <section className="mb-5" aria-labelledby="cleaning-photos-title">
      <div className="d-flex justify-content-between align-items-center mb-2 gap-2 flex-wrap">
        <h2 className="h5 mb-0" id="cleaning-photos-title">
          {t('content.photos.title')}
        </h2>
        <Button onClick={() => setEditing('new')} disabled={full}>
          {t('content.photos.add')}
        </Button>
      </div>
      <p className="text-body-secondary small">
        {full ? `${t('content.photos.full', { max: MAX_CLEANING_PHOTOS })} ` : ''}
        {t('content.photos.help')}
      </p>
      <PageState of={loaded} />
      {shown && shown.length === 0 && (
        <p className="text-body-secondary">{t('content.photos.none')}</p>
      )}
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
  altEn: string;
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
  const t = useT<typeof en>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PhotoForm>({
    resolver: zodResolver(photo ? photoAltFormSchema : photoFormSchema),
    defaultValues: { image: photo?.image ?? '', alt: photo?.alt ?? '', altEn: photo?.altEn ?? '' },
  });
  const [image, alt, altEn] = useWatch({ control, name: ['image', 'alt', 'altEn'] });

  const submit = handleSubmit(async (form) => {
    setProblem('');
    try {
      await savePhoto({
        id: photo?.id,
        body: photo ? { alt: form.alt, altEn: form.altEn, updatedAt: photo.updatedAt } : form,
      });
      onClose(photo ? t('content.photos.altSaved') : t('content.photos.added'));
    } catch (error) {
      setProblem(showServerErrors(error, setError, ['image', 'alt', 'altEn']));
    }
  });

  return (
    <FormDialog
      id="cleaning-photo-dialog"
      title={photo ? t('content.photos.edit') : t('content.photos.new')}
      problem={problem}
      action={isSubmitting ? t('content.saving') : t('content.save')}
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
      <Row className="g-3">
        <Col md={6}>
          <FormField
            label={t('content.alt')}
            maxLength={MAX_CONTENT_ALT_LENGTH}
            registration={register('alt')}
            error={errors.alt}
            help={t('content.photos.altHelp')}
          />
        </Col>
        <Col md={6}>
          <FormField
            label={t('content.altEn')}
            maxLength={MAX_CONTENT_ALT_LENGTH}
            registration={register('altEn')}
            error={errors.altEn}
            help={altEn.trim() ? undefined : <EnglishFallback />}
          />
        </Col>
      </Row>
    </FormDialog>
  );
}
