import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reviewFormSchema } from '@shop/shared';
import { answer, callsTo, deferred, type FetchCall } from '../../test/fetch-stub.js';
import { settle } from '../../test/settle.js';
import { signedInStore, stubAccountsApi } from '../accounts/accounts-test-kit.js';
import { renderWithShop } from '../catalog/catalog-test-kit.js';
import { ReviewDialog } from './review-dialog.js';
import type { ReviewTarget } from './review-thunks.js';
import { historyReview, imageFile, stubObjectUrls, toReviewItem } from './reviews-test-kit.js';

const honey = toReviewItem({
  name: 'Organic Forest Honey from Telemark, 500 g',
  image: '/products/honey.webp',
});
const postPath = `/api/reviews/${honey._id}`;
const goodText = 'Rich and dark, lovely on bread.';

let objectUrls: ReturnType<typeof stubObjectUrls>;

beforeEach(() => {
  objectUrls = stubObjectUrls();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function savedReview(body: unknown, productId = honey._id) {
  const { rating, review, images } = body as { rating: number; review: string; images: string[] };
  return {
    _id: '9e000000-0000-4000-8000-00000000a001',
    product: productId,
    rating,
    review,
    images,
    date: new Date().toISOString(),
    status: 'PENDING',
    remarks: '',
  };
}

let uploads = 0;
const uploadAnswer = () => {
  uploads += 1;
  return `/reviews/upload-${uploads}.webp`;
};

function renderDialog(
  answers: Record<string, unknown>,
  target: ReviewTarget = { kind: 'add', product: honey },
) {
  const calls = stubAccountsApi(answers);
  const onClose = vi.fn();
  const store = signedInStore();
  renderWithShop(<ReviewDialog target={target} onClose={onClose} />, { store });
  return { calls, onClose, store };
}

const dialog = () => screen.getByRole('dialog');
const textarea = () => within(dialog()).getByRole('textbox', { name: 'Your review' });
const typeText = (value: string) => fireEvent.input(textarea(), { target: { value } });
const chooseStars = (count: number) =>
  fireEvent.click(
    within(dialog()).getByRole('radio', { name: `${count} ${count === 1 ? 'star' : 'stars'}` }),
  );
const submitButton = () => within(dialog()).getByRole('button', { name: 'Submit' });
const fileInput = () => within(dialog()).getByLabelText('Attach Images') as HTMLInputElement;
const attach = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } });
const sent = (calls: FetchCall[]) => calls.filter((call) => call.path.startsWith('/api/'));

describe('the review dialog', () => {
  it("REVDLG-01 REVDLG-02 is titled 'Add Review' and names the product cut at 30 characters", () => {
    renderDialog({});
    expect(within(dialog()).getByRole('heading', { name: 'Add Review' })).toBeTruthy();
    expect(within(dialog()).getByText('Organic Forest Honey from Tele...')).toBeTruthy();
    expect(dialog().querySelector('img')?.getAttribute('src')).toBe('/uploads/products/honey.webp');
  });

  it("REVDLG-03 CONST-07 a five-star radio group shows '(n stars)'", () => {
    renderDialog({});
    const group = within(dialog()).getByRole('group', { name: 'Rating' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.value)).toEqual(['1', '2', '3', '4', '5']);
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    expect(group.textContent).toContain('(0 stars)');
    chooseStars(4);
    expect(radios[3]?.checked).toBe(true);
    expect(group.textContent).toContain('(4 stars)');
    expect(group.querySelectorAll('[data-star="full"]')).toHaveLength(4);
  });

  it("REVDLG-04 REVDLG-05 the text has the placeholder 'Write a review...' and a counter x/500", () => {
    renderDialog({});
    expect(textarea().getAttribute('placeholder')).toBe('Write a review...');
    expect(within(dialog()).getByText('0/500')).toBeTruthy();
    typeText('Great tea');
    expect(within(dialog()).getByText('9/500')).toBeTruthy();
  });

  it("VAL-44 VAL-48 REVIEW-08 an empty form shows 'Required!' twice, sends nothing and stays idle", async () => {
    const { calls } = renderDialog({});
    const before = sent(calls).length;
    fireEvent.click(submitButton());
    await waitFor(() => expect(within(dialog()).getAllByText('Required!')).toHaveLength(2));
    expect(sent(calls)).toHaveLength(before);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("VAL-45 CONST-06 a text under 8 characters after trimming shows 'Too short!'", async () => {
    const { calls } = renderDialog({});
    chooseStars(5);
    typeText('   Nice!    ');
    fireEvent.click(submitButton());
    expect(await within(dialog()).findByText('Too short!')).toBeTruthy();
    expect(callsTo(calls, 'POST', postPath)).toHaveLength(0);
  });

  it("VAL-46 a text over 500 characters shows 'Too long!'", async () => {
    const { calls } = renderDialog({});
    chooseStars(5);
    typeText('a'.repeat(501));
    expect(within(dialog()).getByText('501/500')).toBeTruthy();
    fireEvent.click(submitButton());
    expect(await within(dialog()).findByText('Too long!')).toBeTruthy();
    expect(callsTo(calls, 'POST', postPath)).toHaveLength(0);
  });

  it("VAL-47 leaving the text empty shows 'Required!'", async () => {
    renderDialog({});
    expect(within(dialog()).queryByText('Required!')).toBeNull();
    fireEvent.blur(textarea());
    expect(await within(dialog()).findByText('Required!')).toBeTruthy();
    expect(textarea().getAttribute('aria-invalid')).toBe('true');
  });

  it('REVDLG-06 VAL-49 VAL-50 attaches several image files and nothing else', () => {
    renderDialog({});
    expect(fileInput().getAttribute('accept')).toBe('image/*');
    expect(fileInput().multiple).toBe(true);
    attach(imageFile('a.png'), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    attach(imageFile('b.png'));
    expect(within(dialog()).getAllByRole('img', { name: /^Attached image/ })).toHaveLength(2);
    expect(objectUrls.create).toHaveBeenCalledTimes(2);
  });

  it('REVDLG-07 an attached image can be removed', () => {
    renderDialog({});
    attach(imageFile('a.png'), imageFile('b.png'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove image 1' }));
    const left = within(dialog()).getAllByRole('img', { name: /^Attached image/ });
    expect(left.map((image) => image.getAttribute('src'))).toEqual(['blob:shop.test/2']);
    expect(objectUrls.revoke).toHaveBeenCalledWith('blob:shop.test/1');
  });

  it('REVDLG-08 uploads each image to POST /api/upload and sends the paths with the review', async () => {
    const { calls } = renderDialog({
      'POST /api/upload': uploadAnswer,
      [`POST ${postPath}`]: (call: FetchCall) => answer(201, savedReview(call.body)),
    });
    const first = imageFile('a.png');
    const second = imageFile('b.png');
    attach(first, second);
    chooseStars(4);
    typeText(goodText);
    fireEvent.click(submitButton());
    await waitFor(() => expect(callsTo(calls, 'POST', postPath)).toHaveLength(1));
    const uploadCalls = callsTo(calls, 'POST', '/api/upload');
    expect(uploadCalls.map((call) => call.form?.get('image'))).toEqual([first, second]);
    expect(uploadCalls.every((call) => call.authorization === 'Bearer access-1')).toBe(true);
    // Multipart: the browser writes the Content-Type with its boundary.
    expect(uploadCalls.every((call) => call.headers['Content-Type'] === undefined)).toBe(true);
    const [post] = callsTo(calls, 'POST', postPath);
    expect(post?.authorization).toBe('Bearer access-1');
    expect(post?.body).toEqual({
      rating: 4,
      review: goodText,
      images: [`/reviews/upload-${uploads - 1}.webp`, `/reviews/upload-${uploads}.webp`],
    });
  });

  it('REVDLG-09 REVDLG-10 REVIEW-06 CONST-09 shows a spinner, then a success mark, and closes 2 s later', async () => {
    const reply = deferred<unknown>();
    const { onClose } = renderDialog({ [`POST ${postPath}`]: () => reply.promise });
    chooseStars(5);
    typeText(goodText);
    // Real time still moves the fake clock, so rendering and effects go on as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(submitButton());
    const busy = await within(dialog()).findByRole('button', { name: 'Submitting…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.querySelector('.spinner-border')).toBeTruthy();
    reply.resolve(answer(201, savedReview({ rating: 5, review: goodText, images: [] })));
    const done = await within(dialog()).findByRole('button', { name: 'Submitted' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    // The margin absorbs the real time the fake clock also follows.
    act(() => vi.advanceTimersByTime(1500));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(500));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("ERR-24 a failed upload shows 'Some error occured. Please try again', sends no review and goes idle", async () => {
    const { calls } = renderDialog({
      'POST /api/upload': answer(500, { message: 'Disk full' }),
    });
    attach(imageFile('a.png'));
    chooseStars(3);
    typeText(goodText);
    fireEvent.click(submitButton());
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toBe('Some error occured. Please try again');
    expect(callsTo(calls, 'POST', postPath)).toHaveLength(0);
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('ERR-24 a retry after a failed upload uploads only the images not stored yet', async () => {
    let attempt = 0;
    const { calls } = renderDialog({
      'POST /api/upload': () => {
        attempt += 1;
        return attempt === 2 ? answer(500, { message: 'Disk full' }) : uploadAnswer();
      },
      [`POST ${postPath}`]: (call: FetchCall) => answer(201, savedReview(call.body)),
    });
    const [first, second] = [imageFile('a.png'), imageFile('b.png')];
    attach(first, second);
    chooseStars(3);
    typeText(goodText);
    fireEvent.click(submitButton());
    await within(dialog()).findByRole('alert');
    fireEvent.click(submitButton());
    await waitFor(() => expect(callsTo(calls, 'POST', postPath)).toHaveLength(1));
    const uploaded = callsTo(calls, 'POST', '/api/upload').map((call) => call.form?.get('image'));
    expect(uploaded).toEqual([first, second, second]);
    expect((callsTo(calls, 'POST', postPath)[0]?.body as { images: string[] }).images).toHaveLength(
      2,
    );
  });

  it("ERR-25 REVIEW-07 a refused review shows the server's message and the button goes idle", async () => {
    renderDialog({
      [`POST ${postPath}`]: answer(409, { message: 'You have already reviewed this product' }),
    });
    chooseStars(2);
    typeText(goodText);
    fireEvent.click(submitButton());
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'You have already reviewed this product',
    );
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it("ERR-25 without a server message the error's own message shows", async () => {
    renderDialog({ [`POST ${postPath}`]: new TypeError('Failed to fetch') });
    chooseStars(2);
    typeText(goodText);
    fireEvent.click(submitButton());
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Failed to fetch');
  });

  it("REVDLG-01 REVDLG-11 REVIEW-02 'Update Review' opens with the rejected review and sends PUT /api/reviews/{reviewId}", async () => {
    const rejected = historyReview({
      rating: 2,
      review: 'Arrived late and sticky',
      images: ['/reviews/old-1.webp'],
      status: 'REJECTED',
      remarks: 'Please review the product, not the delivery',
    });
    const putPath = `/api/reviews/${rejected._id}`;
    const { calls } = renderDialog(
      {
        'POST /api/upload': uploadAnswer,
        [`PUT ${putPath}`]: (call: FetchCall) => ({
          ...savedReview(call.body, rejected.product._id),
          _id: rejected._id,
        }),
      },
      { kind: 'update', review: rejected },
    );
    expect(within(dialog()).getByRole('heading', { name: 'Update Review' })).toBeTruthy();
    expect(
      (within(dialog()).getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((textarea() as HTMLTextAreaElement).value).toBe('Arrived late and sticky');
    const kept = within(dialog()).getByRole('img', { name: 'Attached image 1' });
    expect(kept.getAttribute('src')).toBe('/uploads/reviews/old-1.webp');
    attach(imageFile('new.png'));
    typeText('Thick, dark honey with a lovely taste.');
    fireEvent.click(submitButton());
    await within(dialog()).findByRole('button', { name: 'Submitted' });
    expect(callsTo(calls, 'POST', '/api/upload')).toHaveLength(1);
    expect(callsTo(calls, 'PUT', putPath)[0]?.body).toEqual({
      rating: 2,
      review: 'Thick, dark honey with a lovely taste.',
      images: ['/reviews/old-1.webp', `/reviews/upload-${uploads}.webp`],
    });
  });

  it("the messages are the shared review schema's (issue 11)", async () => {
    renderDialog({});
    typeText('Too bad');
    fireEvent.click(submitButton());
    const issues =
      reviewFormSchema.safeParse({ rating: undefined, review: 'Too bad' }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['Required!', 'Too short!']);
    expect(await within(dialog()).findByText('Too short!')).toBeTruthy();
    expect(within(dialog()).getByText('Required!')).toBeTruthy();
  });

  it('no message while the text is typed before it is left; the rating has its own only on submit (issue 11)', async () => {
    renderDialog({});
    typeText('Short');
    await settle();
    expect(within(dialog()).queryByText('Too short!')).toBeNull();
    fireEvent.blur(textarea());
    expect(await within(dialog()).findByText('Too short!')).toBeTruthy();
    expect(within(dialog()).queryByText('Required!')).toBeNull();
    typeText(goodText);
    await waitFor(() => expect(within(dialog()).queryByText('Too short!')).toBeNull());
    fireEvent.click(submitButton());
    expect(await within(dialog()).findByText('Required!')).toBeTruthy();
    chooseStars(3);
    await waitFor(() => expect(within(dialog()).queryByText('Required!')).toBeNull());
  });
});
