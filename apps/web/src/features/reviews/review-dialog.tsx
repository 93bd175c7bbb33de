import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Modal from 'react-bootstrap/Modal';
import {
  MAX_REVIEW_IMAGES,
  REVIEW_MAX_LENGTH,
  reviewFormSchema,
  shortProductName,
  type ReviewFormValues,
} from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { CheckIcon } from '../../components/ui/icons.js';
import { imageUrl } from '../../lib/image-url.js';
import { ErrorMessage } from '../../components/ui/form-parts.js';
import { Star, starColour } from './review-parts.js';
import { submitReview, uploadReviewImage, type ReviewTarget } from './review-thunks.js';
import { addReset } from './reviews-slice.js';
import { useMessage } from '../../lib/i18n.js';
import { useReviewsText } from './reviews-i18n.js';

/** How long the success mark shows before the dialog closes (REVDLG-10, CONST-09). */
export const CLOSE_AFTER_SUCCESS_MS = 2000;

interface AttachedImage {
  /** What the thumbnail shows: the stored image, or the picked file through an object URL. */
  src: string;
  /** The stored path: known for the images of a re-submitted review, and once a file is uploaded. */
  path?: string;
  file?: File;
}

type SubmitPhase = 'idle' | 'loading' | 'success';

function summaryOf(target: ReviewTarget) {
  return target.kind === 'add'
    ? { name: target.product.name, image: target.product.image }
    : { name: target.review.product.name, image: target.review.product.heroImage };
}

function StarPicker({
  rating,
  onChange,
  error,
}: {
  rating: number | undefined;
  onChange: (rating: number) => void;
  error: string | undefined;
}) {
  const t = useReviewsText();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-6 mb-1">{t('reviews.dialog.rating')}</legend>
      <div className="d-flex align-items-center gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <Fragment key={star}>
            {/* Native radios: arrow keys move between the stars. */}
            <input
              type="radio"
              className="btn-check"
              name={`${id}-rating`}
              id={`${id}-${star}`}
              value={star}
              checked={rating === star}
              onChange={() => onChange(star)}
            />
            <label
              htmlFor={`${id}-${star}`}
              className="btn btn-link p-0 lh-1"
              style={{ color: starColour }}
            >
              <Star fill={rating !== undefined && star <= rating ? 'full' : 'empty'} size={28} />
              <span className="visually-hidden">
                {t('reviews.dialog.starOption', { count: star })}
              </span>
            </label>
          </Fragment>
        ))}
        <span className="ms-2 small" aria-hidden="true">
          {t('reviews.dialog.starsChosen', { count: rating ?? 0 })}
        </span>
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/**
 * The 'Add Review' / 'Update Review' dialog (REVDLG-01 to REVDLG-11): a star picker, the text
 * with its counter and rules, images uploaded one by one on submit, then the review is sent.
 */
export function ReviewDialog({ target, onClose }: { target: ReviewTarget; onClose: () => void }) {
  const t = useReviewsText();
  const inPageLanguage = useMessage();
  const dispatch = useAppDispatch();
  const { isAddError, addMessage } = useAppSelector((state) => state.reviews);
  const editing = target.kind === 'update' ? target.review : undefined;
  // The text's message shows once the text is left (VAL-47) or on submit, the rating's on
  // submit; then each follows its entry. The rating never counts as left: its radios only
  // change it.
  const { control, register, handleSubmit, formState } = useForm<ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: { rating: editing?.rating, review: editing?.review ?? '' },
  });
  const { field: rating } = useController({ control, name: 'rating' });
  const text = useWatch({ control, name: 'review' });
  const [images, setImages] = useState<AttachedImage[]>(
    () => editing?.images.map((path) => ({ src: imageUrl(path), path })) ?? [],
  );
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [uploadFailed, setUploadFailed] = useState(false);
  const [imageNote, setImageNote] = useState<string>();
  const objectUrls = useRef(new Set<string>());
  const titleId = useId();
  const textId = useId();
  const fileId = useId();

  useEffect(() => {
    dispatch(addReset());
  }, [dispatch]);

  useEffect(() => {
    const created = objectUrls.current;
    return () => created.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // The rules' messages are the shared catalogue's English keys; one it lacks reads as is.
  const messageOf = (message: string | undefined) =>
    message === undefined ? undefined : inPageLanguage(message);
  const ratingError = messageOf(formState.errors.rating?.message);
  const textError = messageOf(formState.errors.review?.message);
  const summary = summaryOf(target);

  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // The same file can be picked again after it was removed.
    event.target.value = '';
    // `accept` is only a hint to the file chooser (VAL-49).
    const imageFiles = picked.filter((file) => file.type.startsWith('image/'));
    const room = MAX_REVIEW_IMAGES - images.length;
    const taken = imageFiles.slice(0, Math.max(room, 0));
    setImageNote(
      imageFiles.length < picked.length
        ? t('reviews.dialog.onlyImages')
        : taken.length < imageFiles.length
          ? t('reviews.dialog.imageLimit', { max: MAX_REVIEW_IMAGES })
          : undefined,
    );
    const added = taken.map((file) => {
      const src = URL.createObjectURL(file);
      objectUrls.current.add(src);
      return { src, file };
    });
    setImages((current) => [...current, ...added]);
  };

  const remove = (removed: AttachedImage) => {
    if (objectUrls.current.delete(removed.src)) URL.revokeObjectURL(removed.src);
    setImages((current) => current.filter((image) => image !== removed));
    setImageNote(undefined);
  };

  /** Uploads the files not uploaded yet, keeping each path so a retry sends only the rest. */
  const uploadAll = async (): Promise<string[]> => {
    const paths: string[] = [];
    for (const image of images) {
      let { path } = image;
      if (path === undefined && image.file) {
        path = await dispatch(uploadReviewImage(image.file));
        const uploaded = { ...image, path };
        setImages((current) => current.map((entry) => (entry === image ? uploaded : entry)));
      }
      if (path !== undefined) paths.push(path);
    }
    return paths;
  };

  const send = async ({ rating, review }: ReviewFormValues) => {
    setPhase('loading');
    let paths: string[];
    try {
      paths = await uploadAll();
    } catch {
      setUploadFailed(true);
      setPhase('idle');
      return;
    }
    const saved = await dispatch(submitReview(target, { rating, review, images: paths }));
    setPhase(saved ? 'success' : 'idle');
    if (saved) closeTimer.current = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    setUploadFailed(false);
    dispatch(addReset());
    // A failed check sends nothing and leaves the button idle (REVIEW-08).
    void handleSubmit(send)(event);
  };

  const reviewField = register('review');

  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('reviews.dialog.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t(target.kind === 'add' ? 'reviews.dialog.addTitle' : 'reviews.dialog.updateTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <div className="d-flex align-items-center gap-3 mb-3">
            <img
              src={imageUrl(summary.image)}
              alt=""
              width={56}
              height={56}
              className="rounded object-fit-cover flex-shrink-0"
            />
            <span className="fw-semibold" title={summary.name}>
              {shortProductName(summary.name)}
            </span>
          </div>
          <StarPicker rating={rating.value} onChange={rating.onChange} error={ratingError} />
          <div className="mb-3">
            <label htmlFor={textId} className="form-label">
              {t('reviews.dialog.text')}
            </label>
            <textarea
              id={textId}
              rows={4}
              className={`form-control${textError ? ' is-invalid' : ''}`}
              placeholder={t('reviews.dialog.placeholder')}
              aria-invalid={textError ? true : undefined}
              aria-describedby={`${textId}-counter${textError ? ` ${textId}-error` : ''}`}
              {...reviewField}
            />
            <div className="d-flex gap-2">
              {textError && (
                <div id={`${textId}-error`} className="invalid-feedback d-block">
                  {textError}
                </div>
              )}
              <div
                id={`${textId}-counter`}
                className={`form-text ms-auto${text.length > REVIEW_MAX_LENGTH ? ' text-danger' : ''}`}
              >
                {t('reviews.dialog.counter', { length: text.length, max: REVIEW_MAX_LENGTH })}
              </div>
            </div>
          </div>
          <div>
            <label htmlFor={fileId} className="form-label">
              {t('reviews.dialog.attachImages')}
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/*"
              multiple
              className="form-control"
              disabled={phase !== 'idle' || images.length >= MAX_REVIEW_IMAGES}
              onChange={attach}
            />
            {imageNote && <div className="form-text">{imageNote}</div>}
            {images.length > 0 && (
              <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0">
                {images.map((image, index) => (
                  <li key={image.src} className="position-relative">
                    <img
                      src={image.src}
                      alt={t('reviews.dialog.attachedImage', { index: index + 1 })}
                      width={72}
                      height={72}
                      className="rounded object-fit-cover border"
                    />
                    <button
                      type="button"
                      className="btn-close position-absolute top-0 end-0 bg-white p-1"
                      aria-label={t('reviews.dialog.removeImage', { index: index + 1 })}
                      disabled={phase !== 'idle'}
                      onClick={() => remove(image)}
                    />
                  </li>
                ))}
              </ul>
            )}
            {uploadFailed && (
              <div role="alert" className="text-danger small mt-2">
                {t('reviews.dialog.uploadError')}
              </div>
            )}
          </div>
          {isAddError && (
            <div className="mt-3">
              <ErrorMessage>{addMessage}</ErrorMessage>
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <span role="status" className="visually-hidden">
            {phase === 'success' ? t('reviews.dialog.submitted') : ''}
          </span>
          <button
            type="submit"
            className="btn btn-primary"
            style={{ minWidth: '6rem' }}
            disabled={phase !== 'idle'}
            aria-busy={phase === 'loading'}
          >
            {phase === 'loading' ? (
              <>
                <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                <span className="visually-hidden">{t('reviews.dialog.submitting')}</span>
              </>
            ) : phase === 'success' ? (
              <>
                <CheckIcon />
                <span className="visually-hidden">{t('reviews.dialog.submitted')}</span>
              </>
            ) : (
              t('reviews.dialog.submit')
            )}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
