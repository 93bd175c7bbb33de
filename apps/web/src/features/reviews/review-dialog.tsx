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
  reviewTexts,
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
import { reviewsText } from './reviews-text.js';

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
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
      <legend className="form-label fs-6 mb-1">{reviewsText.rating}</legend>
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
              <span className="visually-hidden">{reviewsText.starOption(star)}</span>
            </label>
          </Fragment>
        ))}
        <span className="ms-2 small" aria-hidden="true">
          {reviewsText.starsChosen(rating ?? 0)}
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

  const ratingError = formState.errors.rating?.message;
  const textError = formState.errors.review?.message;
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
        ? reviewsText.onlyImages
        : taken.length < imageFiles.length
          ? reviewsText.imageLimit(MAX_REVIEW_IMAGES)
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

  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={reviewsText.close}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {target.kind === 'add' ? reviewTexts.addTitle : reviewTexts.updateTitle}
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
              {reviewsText.reviewLabel}
            </label>
            <textarea
              id={textId}
              rows={4}
              className={`form-control${textError ? ' is-invalid' : ''}`}
              placeholder={reviewTexts.placeholder}
              aria-invalid={textError ? true : undefined}
              aria-describedby={`${textId}-counter${textError ? ` ${textId}-error` : ''}`}
              {...register('review')}
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
                {reviewsText.counter(text.length, REVIEW_MAX_LENGTH)}
              </div>
            </div>
          </div>
          <div>
            <label htmlFor={fileId} className="form-label">
              {reviewTexts.attachImages}
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
                      alt={reviewsText.attachedImage(index + 1)}
                      width={72}
                      height={72}
                      className="rounded object-fit-cover border"
                    />
                    <button
                      type="button"
                      className="btn-close position-absolute top-0 end-0 bg-white p-1"
                      aria-label={reviewsText.removeImage(index + 1)}
                      disabled={phase !== 'idle'}
                      onClick={() => remove(image)}
                    />
                  </li>
                ))}
              </ul>
            )}
            {uploadFailed && (
              <div role="alert" className="text-danger small mt-2">
                {reviewTexts.uploadError}
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
            {phase === 'success' ? reviewsText.submitted : ''}
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
                <span className="visually-hidden">{reviewsText.submitting}</span>
              </>
            ) : phase === 'success' ? (
              <>
                <CheckIcon />
                <span className="visually-hidden">{reviewsText.submitted}</span>
              </>
            ) : (
              reviewsText.submit
            )}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
