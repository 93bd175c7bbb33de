import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminStaticPage, staticPageMessages } from '@shop/shared';
import { ConfirmProvider } from '../../components/confirm.js';
import { ToastProvider } from '../../components/toasts.js';
import PageEditorPage from './page-editor-page.js';
import { renderWithQueries } from '../../test/render.js';

// The page editor (issue 14): what it sends, and how it shows a refusal or someone else's save.

const deliveryDefault: AdminStaticPage = {
  slug: 'delivery',
  title: 'Shipping and Delivery policy',
  html: '<p><em>Last updated: 1 January 2025</em></p><h2>1. Dispatch</h2><p>Sent in two days.</p>',
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

function renderEditor() {
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
  );
}

const titleField = () => screen.findByLabelText<HTMLInputElement>('Title');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save page' }));

afterEach(() => vi.unstubAllGlobals());

describe('the page editor (issue 14)', () => {
  it('shows the page’s text in the editor and sends the change with the updatedAt it loaded', async () => {
    const calls = stubPage({ GET: [deliveryDefault, edited], PUT: [edited] });
    renderEditor();
    const title = await titleField();
    expect(title.value).toBe('Shipping and Delivery policy');
    const editor = screen.getByRole('textbox', { name: 'Text' });
    expect(within(editor).getByRole('heading', { level: 2, name: '1. Dispatch' })).toBeTruthy();
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
        body: { title: 'Delivery terms', html: deliveryDefault.html, updatedAt: null },
      },
    ]);
    // Loaded again: the form now starts from the saved page.
    await waitFor(() => expect(screen.getByText(/last saved .* by sam@example\.no/)).toBeTruthy());
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Delivery terms');
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
      expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Delivery terms'),
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
      expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe(
        'Shipping and Delivery policy',
      ),
    );
    expect(calls.map((call) => call.method)).toEqual(['GET', 'DELETE', 'GET']);
  });
});
