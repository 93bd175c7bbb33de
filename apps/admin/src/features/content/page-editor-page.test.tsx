import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminStaticPage, type Locale, staticPageMessages } from '@shop/shared';
import { ConfirmProvider } from '../../components/confirm.js';
import { ToastProvider } from '../../components/toasts.js';
import PageEditorPage from './page-editor-page.js';
import { renderWithQueries } from '../../test/render.js';

// The page editor (issue 14): what it sends, and how it shows a refusal or someone else's save.

const deliveryDefault: AdminStaticPage = {
  slug: 'delivery',
  title: 'Frakt og levering',
  titleEn: 'Shipping and Delivery policy',
  html: '<p><em>Sist oppdatert: 1. januar 2025</em></p><h2>1. Forsendelse</h2><p>Sendes innen to dager.</p>',
  htmlEn:
    '<p><em>Last updated: 1 January 2025</em></p><h2>1. Dispatch</h2><p>Sent in two days.</p>',
  path: '/delivery-terms-conditions',
  customised: false,
  updatedAt: null,
  updatedByEmail: null,
};

const edited: AdminStaticPage = {
  ...deliveryDefault,
  title: 'Delivery terms',
  html: '<p>We ship daily.</p>',
  customised: true,
  updatedAt: '2026-05-04T10:00:00.000Z',
  updatedByEmail: 'sam@example.no',
};

interface Call {
  method: string;
  body: unknown;
}

/** Stubs the page's calls: `answers` by method, each a body or a [status, body] pair, in turn. */
function stubPage(answers: Record<string, ([number, unknown] | AdminStaticPage)[]>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      expect(path).toBe('/api/admin/pages/delivery');
      calls.push({
        method,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      const queue = answers[method] ?? [];
      const next = queue.length > 1 ? queue.shift() : queue[0];
      const [status, body] = Array.isArray(next) ? next : [200, next];
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderEditor(locale: Locale = 'en') {
  return renderWithQueries(
    <ToastProvider>
      <ConfirmProvider>
        <MemoryRouter initialEntries={['/content/pages/delivery']}>
          <Routes>
            <Route path="/content/pages/:slug" element={<PageEditorPage />} />
          </Routes>
        </MemoryRouter>
      </ConfirmProvider>
    </ToastProvider>,
    { locale },
  );
}

const titleField = () => screen.findByLabelText<HTMLInputElement>('Title (Norwegian)');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save page' }));

afterEach(() => vi.unstubAllGlobals());

describe('the page editor (issue 14)', () => {
  it('shows the page’s text in the editor and sends the change with the updatedAt it loaded', async () => {
    const calls = stubPage({ GET: [deliveryDefault, edited], PUT: [edited] });
    renderEditor();
    const title = await titleField();
    expect(title.value).toBe('Frakt og levering');
    const editor = screen.getByRole('textbox', { name: 'Text (Norwegian)' });
    expect(within(editor).getByRole('heading', { level: 2, name: '1. Forsendelse' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View in shop' }).getAttribute('href')).toBe(
      '/delivery-terms-conditions',
    );
    expect(screen.queryByRole('button', { name: /Restore the default text/ })).toBeNull();

    fireEvent.change(title, { target: { value: 'Delivery terms' } });
    save();
    expect(await screen.findByText('Delivery terms saved. The shop shows it now.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        body: {
          title: 'Delivery terms',
          html: deliveryDefault.html,
          titleEn: deliveryDefault.titleEn,
          htmlEn: deliveryDefault.htmlEn,
          updatedAt: null,
        },
      },
    ]);
    // Loaded again: the form now starts from the saved page.
    await waitFor(() => expect(screen.getByText(/last saved .* by sam@example\.no/)).toBeTruthy());
    expect(screen.getByLabelText<HTMLInputElement>('Title (Norwegian)').value).toBe(
      'Delivery terms',
    );
  });

  it('refuses an empty title in the browser, without a call', async () => {
    const calls = stubPage({ GET: [deliveryDefault] });
    renderEditor();
    fireEvent.change(await titleField(), { target: { value: '  ' } });
    save();
    expect(await screen.findByText(staticPageMessages.titleRequired)).toBeTruthy();
    expect(calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('shows the server’s refusal beside its field', async () => {
    stubPage({
      GET: [deliveryDefault],
      PUT: [
        [
          400,
          {
            message: staticPageMessages.empty,
            fieldErrors: { html: staticPageMessages.empty },
          },
        ],
      ],
    });
    renderEditor();
    await titleField();
    save();
    expect(await screen.findByText(staticPageMessages.empty)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when someone saved meanwhile, and reloads their text on request', async () => {
    const calls = stubPage({
      GET: [deliveryDefault, edited],
      PUT: [[409, { message: staticPageMessages.conflict }]],
    });
    renderEditor();
    fireEvent.change(await titleField(), { target: { value: 'Mine' } });
    save();
    const alert = await screen.findByText(staticPageMessages.conflict);
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Title (Norwegian)').value).toBe(
        'Delivery terms',
      ),
    );
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'GET']);
  });

  it('restores the default text of an edited page after asking', async () => {
    const calls = stubPage({ GET: [edited, deliveryDefault], DELETE: [deliveryDefault] });
    renderEditor();
    await titleField();
    fireEvent.click(screen.getByRole('button', { name: 'Restore the default text…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore the default text?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore the default text' }));
    expect(await screen.findByText('The default text is restored.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Title (Norwegian)').value).toBe(
        'Frakt og levering',
      ),
    );
    expect(calls.map((call) => call.method)).toEqual(['GET', 'DELETE', 'GET']);
  });
});

describe('the page editor in two languages (issue 31.5)', () => {
  it('edits the English beside the Norwegian and sends both', async () => {
    const calls = stubPage({ GET: [deliveryDefault, edited], PUT: [edited] });
    renderEditor();
    const titleEn = await screen.findByLabelText<HTMLInputElement>('Title (English)');
    expect(titleEn.value).toBe('Shipping and Delivery policy');
    const editorEn = screen.getByRole('textbox', { name: 'Text (English)' });
    expect(within(editorEn).getByRole('heading', { level: 2, name: '1. Dispatch' })).toBeTruthy();
    expect(screen.queryByText('Empty: English pages show the Norwegian')).toBeNull();

    fireEvent.change(titleEn, { target: { value: '' } });
    expect(await screen.findByText('Empty: English pages show the Norwegian')).toBeTruthy();
    fireEvent.change(titleEn, { target: { value: 'Delivery' } });
    save();
    await screen.findByText('Frakt og levering saved. The shop shows it now.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      title: 'Frakt og levering',
      titleEn: 'Delivery',
      htmlEn: deliveryDefault.htmlEn,
    });
  });

  it('speaks Norwegian to a Norwegian staff member', async () => {
    stubPage({ GET: [{ ...deliveryDefault, titleEn: '', htmlEn: '' }] });
    renderEditor('nb');
    expect(await screen.findByLabelText('Tittel (norsk)')).toBeTruthy();
    expect(screen.getByLabelText('Tittel (engelsk)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lagre siden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se i butikken' })).toBeTruthy();
    expect(screen.getAllByText('Tom: engelske sider viser den norske teksten')).toHaveLength(2);
  });
});
