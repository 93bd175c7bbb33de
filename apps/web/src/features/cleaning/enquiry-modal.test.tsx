import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enquiryFormSchema } from '@shop/shared';
import { answer, callsTo, deferred, stubFetch, type StubAnswer } from '../../test/fetch-stub.js';
import { settle } from '../../test/settle.js';
import { createStore } from '../../app/store.js';
import { loadLanguage } from '../../i18n/catalogues.js';
import { LanguageProvider } from '../../lib/i18n.js';
import CleaningPage from './cleaning-page.js';
import { galleryPhotos } from './cleaning-test-kit.js';
import { EnquiryModal } from './enquiry-modal.js';

const enquiryPath = '/api/notification/addenquiry';
const gallery = { 'GET /api/cleaning/gallery': galleryPhotos };
const placed = answer(201, { message: 'Your enquiry has been received.' });

const allRequired = 'All fields are required !';
const invalidName = 'Please Enter a valid name!';
const invalidEmail = 'Please Enter a valid email!';
const invalidPhone = 'Please Enter a valid phone!';
const failure = 'Something went wrong, Please try again later.';
const success = 'Your Enquiry has been successfully placed !';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPage() {
  // A store of its own each time: its tiles and photos are queries, kept per store.
  render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/cleaning']}>
        <CleaningPage />
      </MemoryRouter>
    </Provider>,
  );
}

/** The dialog alone, with a spy in place of the page's close handler. */
function renderModal() {
  const onClose = vi.fn();
  render(<EnquiryModal show onClose={onClose} />);
  return onClose;
}

function openEnquiry() {
  fireEvent.click(screen.getByRole('button', { name: 'Contact Us' }));
  return dialog();
}

const dialog = () => screen.getByRole('dialog', { name: 'Cleaning Enquiry' });
const input = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(input(label), { target: { value } });
const send = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Send' }));
const alerts = () =>
  within(dialog())
    .queryAllByRole('alert')
    .map((alert) => alert.textContent);

function fill(values: Partial<Record<'name' | 'email' | 'phone' | 'message', string>> = {}) {
  type('Full Name', values.name ?? 'Åse Øren');
  type('Email', values.email ?? 'ase@example.no');
  type('Phone', values.phone ?? '+47 912 34 567');
  type('Message (optional)', values.message ?? '');
}

describe('cleaning enquiry modal', () => {
  it('CLEAN-05 VAL-28 holds labelled fields full name, email, phone and an optional message', () => {
    stubFetch(gallery);
    renderPage();
    openEnquiry();
    expect(input('Full Name').type).toBe('text');
    expect(input('Email').type).toBe('email');
    expect(input('Phone').type).toBe('tel');
    expect(input('Message (optional)').tagName).toBe('TEXTAREA');
    for (const label of ['Full Name', 'Email', 'Phone']) expect(input(label).required).toBe(true);
    expect(input('Message (optional)').required).toBe(false);
  });

  it('CLEAN-06 a click on the backdrop or beside the dialog does not close it', () => {
    stubFetch({});
    const onClose = renderModal();
    fireEvent.click(dialog());
    const backdrop = document.querySelector('.modal-backdrop');
    expect(backdrop).not.toBeNull();
    fireEvent.click(backdrop as Element);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
  });

  it('CLEAN-07 Escape does not close the dialog; its close button does', () => {
    stubFetch({});
    const onClose = renderModal();
    fireEvent.keyDown(input('Full Name'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.keyDown(document, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("VAL-24 ERR-23 ENQ-01 empty fields show each field's message only, and nothing is sent (issue 10.12)", async () => {
    const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
    renderModal();
    send();
    await waitFor(() => expect(alerts()).toEqual([invalidName, invalidEmail, invalidPhone]));
    // 'All fields are required !' contradicted 'Message (optional)' (docs/decisions.md, ERR-23).
    expect(within(dialog()).queryByText(allRequired)).toBeNull();
    expect(input('Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(input('Full Name').getAttribute('aria-describedby')).toBe(
      within(dialog()).getByText(invalidName).id,
    );
    expect(document.activeElement).toBe(input('Full Name'));
    expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(0);
  });

  it.each([
    ['full name', { name: '' }, invalidName],
    ['email', { email: '' }, invalidEmail],
    ['phone', { phone: '' }, invalidPhone],
  ])('an empty %s shows its own message alone (issue 10.12)', async (_, values, message) => {
    const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
    renderModal();
    fill(values);
    send();
    await waitFor(() => expect(alerts()).toEqual([message]));
    expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(0);
  });

  it.each(['A Hansen', 'Åse', 'Åse 0ren', '   '])(
    "VAL-24 VAL-25 the full name '%s' shows 'Please Enter a valid name!'",
    async (name) => {
      const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
      renderModal();
      fill({ name });
      send();
      await waitFor(() => expect(alerts()).toEqual([invalidName]));
      expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(0);
    },
  );

  it.each(['ase@example', 'ase@example.n', 'ase@example.museums', 'ase example.no'])(
    "VAL-26 the email '%s' shows 'Please Enter a valid email!'",
    async (email) => {
      const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
      renderModal();
      fill({ email });
      send();
      await waitFor(() => expect(alerts()).toEqual([invalidEmail]));
      expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(0);
    },
  );

  it("VAL-27 a blank phone shows 'Please Enter a valid phone!'", async () => {
    const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
    renderModal();
    fill({ phone: '   ' });
    send();
    await waitFor(() => expect(alerts()).toEqual([invalidPhone]));
    expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(0);
  });

  it("a phone without digits in a phone's shape is refused with the phone's message (issue 29.12)", async () => {
    const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
    renderModal();
    for (const phone of ['😀', 'call me', '12', '+47 912 34 567 ext 3', '++47 91234567']) {
      fill({ phone });
      send();
      await waitFor(() => expect(alerts()).toEqual([invalidPhone]));
    }
    expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(0);
    fill({ phone: '(+47) 912-34.567' });
    send();
    await within(dialog()).findByText(success);
  });

  it('the message counts its characters to 2000, and a longer one is refused in words, sending nothing (issue 29.12)', async () => {
    const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
    renderModal();
    const message = input('Message (optional)');
    expect(message.maxLength).toBe(2000);
    expect(within(dialog()).getByText('0/2000')).toBeTruthy();
    fill({ message: 'Weekly cleaning, please.' });
    expect(within(dialog()).getByText('24/2000')).toBeTruthy();
    // A paste the browser did not cut, as a script or an old browser sends it.
    fill({ message: 'x'.repeat(6000) });
    expect(within(dialog()).getByText('6000/2000')).toBeTruthy();
    send();
    await waitFor(() =>
      expect(alerts()).toEqual(['Message is too long (at most 2,000 characters).']),
    );
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(0);
  });

  it('VAL-25 the messages follow the entries once shown, and a fixed form can be sent', async () => {
    const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
    renderModal();
    fill({ name: 'A Hansen' });
    send();
    await waitFor(() => expect(alerts()).toEqual([invalidName]));
    type('Full Name', 'Åse Øren');
    await waitFor(() => expect(alerts()).toEqual([]));
    send();
    await within(dialog()).findByText(success);
    expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(1);
  });

  it("VAL-25 VAL-28 ROLE-05 ENQ-01 'Åse Øren' with no message is sent by a visitor, trimmed and without a token", async () => {
    const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
    renderModal();
    fill({ name: ' Åse Øren ', email: ' ase@example.no ' });
    send();
    await within(dialog()).findByText(success);
    const [call] = callsTo(calls, 'POST', enquiryPath);
    expect(call?.body).toEqual({
      fullname: 'Åse Øren',
      email: 'ase@example.no',
      phone: '+47 912 34 567',
      message: '',
    });
    expect(call?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it("CLEAN-08 ENQ-02 status 201 shows the success view; 'okay' closes the dialog and resets the form", async () => {
    const calls = stubFetch({ ...gallery, [`POST ${enquiryPath}`]: placed });
    renderPage();
    openEnquiry();
    fill({ message: 'Moving out on 1 June, a three-room flat in Bergen.' });
    send();
    const view = await within(dialog()).findByRole('status');
    expect(view.textContent).toBe(success);
    expect(within(dialog()).queryByLabelText('Full Name')).toBeNull();
    expect(callsTo(calls, 'POST', enquiryPath)[0]?.body).toMatchObject({
      message: 'Moving out on 1 June, a three-room flat in Bergen.',
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    openEnquiry();
    for (const label of ['Full Name', 'Email', 'Phone', 'Message (optional)'])
      expect(input(label).value).toBe('');
    expect(alerts()).toEqual([]);
  });

  it('CLEAN-07 the close button keeps what was typed and drops the messages', async () => {
    stubFetch(gallery);
    renderPage();
    openEnquiry();
    fill({ name: 'A Hansen' });
    send();
    await waitFor(() => expect(alerts()).toEqual([invalidName]));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    openEnquiry();
    expect(input('Full Name').value).toBe('A Hansen');
    expect(alerts()).toEqual([]);
  });

  it('a submit spinner shows while the enquiry is being sent', async () => {
    const reply = deferred<StubAnswer>();
    stubFetch({ [`POST ${enquiryPath}`]: () => reply.promise });
    renderModal();
    fill();
    send();
    const busy = within(dialog()).getByRole('button', { name: 'Sending' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.querySelector('.spinner-border')).not.toBeNull();
    expect(
      (within(dialog()).getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => reply.resolve(placed));
    await within(dialog()).findByText(success);
  });

  it.each<[string, StubAnswer | Error]>([
    ['status 200', answer(200, { message: 'ok' })],
    ['status 400', answer(400, { message: invalidName })],
    ['status 429', answer(429, { message: 'Too many requests' })],
    ['status 500', answer(500)],
    ['a network failure', new TypeError('Failed to fetch')],
  ])(
    "ENQ-03 ERR-21 %s shows 'Something went wrong, Please try again later.' and keeps the form",
    async (_, outcome) => {
      stubFetch({ [`POST ${enquiryPath}`]: outcome });
      renderModal();
      fill();
      send();
      expect(await within(dialog()).findByText(failure)).toBeTruthy();
      expect(alerts()).toEqual([failure]);
      expect(within(dialog()).queryByText(success)).toBeNull();
      expect(input('Full Name').value).toBe('Åse Øren');
    },
  );

  it('ERR-22 CONST-15 ENQ-03 the failure message hides after 5 s, and a new failure shows it 5 s again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch({ [`POST ${enquiryPath}`]: answer(500) });
    renderModal();
    fill();
    send();
    await within(dialog()).findByText(failure);
    act(() => vi.advanceTimersByTime(4900));
    expect(within(dialog()).queryByText(failure)).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(within(dialog()).queryByText(failure)).toBeNull();

    send();
    await within(dialog()).findByText(failure);
    act(() => vi.advanceTimersByTime(3000));
    send();
    await waitFor(() => expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(3));
    await within(dialog()).findByText(failure);
    act(() => vi.advanceTimersByTime(4900));
    expect(within(dialog()).queryByText(failure)).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(within(dialog()).queryByText(failure)).toBeNull();
  });

  it("each message is the shared enquiry schema's for its field (issue 11)", async () => {
    stubFetch({});
    renderModal();
    fill({ name: 'Åse', email: 'ase@example', phone: ' ' });
    send();
    const issues =
      enquiryFormSchema.safeParse({
        fullname: 'Åse',
        email: 'ase@example',
        phone: ' ',
        message: '',
      }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([invalidName, invalidEmail, invalidPhone]);
    await waitFor(() => expect(alerts()).toEqual(issues.map((issue) => issue.message)));
  });

  it("after the close button, entries bring no message back until the next 'Send' (issue 11)", async () => {
    stubFetch(gallery);
    renderPage();
    openEnquiry();
    fill({ name: 'A Hansen' });
    send();
    await waitFor(() => expect(alerts()).toEqual([invalidName]));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    openEnquiry();
    type('Full Name', 'A');
    type('Email', 'ase@example');
    await settle();
    expect(alerts()).toEqual([]);
    send();
    await waitFor(() => expect(alerts()).toEqual([invalidName, invalidEmail]));
  });

  it('asks and answers in bokmål on a Norwegian page (issue 31.1)', async () => {
    const calls = stubFetch({ [`POST ${enquiryPath}`]: placed });
    render(
      <LanguageProvider i18n={await loadLanguage('nb')}>
        <EnquiryModal show onClose={vi.fn()} />
      </LanguageProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Forespørsel om renhold' });
    expect(within(dialog).getByRole('button', { name: 'Lukk' })).toBeTruthy();
    expect(within(dialog).getByText('0/2000')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Fullt navn'), {
      target: { value: 'Kari Nordmann' },
    });
    fireEvent.input(within(dialog).getByLabelText('E-post'), {
      target: { value: 'kari@example.no' },
    });
    fireEvent.input(within(dialog).getByLabelText('Telefon'), { target: { value: '912 34 567' } });
    expect(within(dialog).getByLabelText('Melding (valgfritt)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send forespørsel' }));
    expect(
      await within(dialog).findByText('Forespørselen din er sendt. Vi tar kontakt med deg snart.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeTruthy();
    expect(callsTo(calls, 'POST', enquiryPath)).toHaveLength(1);
  });
});
