import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, ignoreAnswer, setPageLocale } from './api-client.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('./answer-schemas.js');
  vi.resetModules();
});

const answering = (response: () => Response) => {
  const fetchStub = vi.fn(async () => response());
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
};

describe('the API client', () => {
  it('ERR-01 a failed call carries the server message', async () => {
    answering(() => Response.json({ message: 'Category not found' }, { status: 404 }));
    const failure = apiRequest(
      '/api/products/category/x',
      (wire) => wire.categoryListingResponseSchema,
      { method: 'POST', body: {} },
    );
    await expect(failure).rejects.toEqual(new ApiError('Category not found', 404));
    await expect(failure).rejects.toMatchObject({ status: 404 });
  });

  it('ERR-02 a failed call without a server message carries the network error message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(
      apiRequest('/api/carousel/', (wire) => wire.carouselResponseSchema),
    ).rejects.toMatchObject({
      message: 'Failed to fetch',
      status: undefined,
    });
  });

  it('ERR-04 a failure whose body is not the error shape carries the status text', async () => {
    answering(() => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(
      apiRequest('/api/carousel/', (wire) => wire.carouselResponseSchema),
    ).rejects.toMatchObject({
      message: 'Bad Gateway',
      status: 502,
    });
    answering(() => Response.json({ message: 42 }, { status: 500, statusText: 'Server Error' }));
    await expect(
      apiRequest('/api/carousel/', (wire) => wire.carouselResponseSchema),
    ).rejects.toMatchObject({
      message: 'Server Error',
      status: 500,
    });
  });

  it('sends JSON bodies and answers the checked JSON', async () => {
    const fetchStub = answering(() =>
      Response.json({ value: 0.95, code: 'SEK', countryCode: 'SWE', extra: true }),
    );
    await expect(
      apiRequest('/api/multiCurrency', (wire) => wire.multiCurrencyResponseSchema, {
        method: 'POST',
        body: { currencyCode: 'SEK' },
      }),
    ).resolves.toEqual({ value: 0.95, code: 'SEK', countryCode: 'SWE' });
    expect(fetchStub).toHaveBeenCalledWith('/api/multiCurrency', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"currencyCode":"SEK"}',
      signal: undefined,
    });
  });

  it("asks for the page's language on every call (issue 31)", async () => {
    const fetchStub = answering(() => new Response(null, { status: 204 }));
    setPageLocale(() => 'nb');
    try {
      await apiRequest('/api/subscribers/logout', ignoreAnswer, { method: 'POST' });
    } finally {
      setPageLocale(() => undefined);
    }
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/subscribers/logout',
      expect.objectContaining({ headers: { 'Accept-Language': 'nb' } }),
    );
  });

  it('refuses an answer the shared schema does not accept, naming the call and the field', async () => {
    answering(() => Response.json({ value: '0.95', code: 'SEK', countryCode: 'SWE' }));
    const failure = apiRequest('/api/multiCurrency', (wire) => wire.multiCurrencyResponseSchema, {
      method: 'POST',
      body: { currencyCode: 'SEK' },
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 200,
      message: expect.stringMatching(
        /^Unexpected answer to POST \/api\/multiCurrency \(value: .*expected number/,
      ),
    });
  });

  it('refuses a success answer without a body when the call reads one', async () => {
    answering(() => new Response(null, { status: 200 }));
    await expect(
      apiRequest('/api/countries', (wire) => wire.countriesResponseSchema),
    ).rejects.toMatchObject({ status: 200, message: expect.stringContaining('/api/countries') });
  });

  it('a call that says it reads no answer resolves on any success, with nothing', async () => {
    answering(() => new Response(null, { status: 204 }));
    await expect(
      apiRequest('/api/subscribers/logout', ignoreAnswer, { method: 'POST' }),
    ).resolves.toBeUndefined();
    answering(() => Response.json({ message: 'Not authorize, token failed' }, { status: 401 }));
    await expect(
      apiRequest('/api/subscribers/logout', ignoreAnswer, { method: 'POST' }),
    ).rejects.toEqual(new ApiError('Not authorize, token failed', 401));
  });

  it('ENQ-02 ENQ-03 with acceptStatus only that status is a success, another 2xx is not', async () => {
    const enquiry = () =>
      apiRequest('/api/notification/addenquiry', (wire) => wire.messageResponseSchema, {
        method: 'POST',
        body: {},
        acceptStatus: 201,
      });
    answering(() => Response.json({ message: 'Enquiry sent' }, { status: 201 }));
    await expect(enquiry()).resolves.toEqual({ message: 'Enquiry sent' });
    answering(() => Response.json({ message: 'Enquiry sent' }, { status: 200 }));
    await expect(enquiry()).rejects.toMatchObject({
      status: 200,
      message: 'Unexpected answer to POST /api/notification/addenquiry (status 200)',
    });
    answering(() => Response.json({ message: 'Too many enquiries' }, { status: 429 }));
    await expect(enquiry()).rejects.toEqual(new ApiError('Too many enquiries', 429));
  });

  it('when the schemas cannot load, an answer is refused and a failure keeps its status', async () => {
    vi.doMock('./answer-schemas.js', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const client = await import('./api-client.js');
    answering(() => Response.json({ value: 1, code: 'NOK', countryCode: 'NOR' }));
    await expect(
      client.apiRequest('/api/multiCurrency', (wire) => wire.multiCurrencyResponseSchema),
    ).rejects.toEqual(expect.objectContaining({ name: 'ApiError', status: undefined }));
    answering(() =>
      Response.json(
        { message: 'Not authorize, token failed' },
        { status: 401, statusText: 'Unauthorized' },
      ),
    );
    await expect(
      client.apiRequest('/api/subscribers/profile', (wire) => wire.profileResponseSchema),
    ).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
  });

  it('loads the answer schemas only when asked to or at the first call, not with the client (issue 33.2)', async () => {
    const loads = vi.fn();
    vi.doMock('./answer-schemas.js', async () => {
      loads();
      return vi.importActual<object>('./answer-schemas.js');
    });
    const client = await import('./api-client.js');
    // A server-rendered page hydrates from its answers: zod is not evaluated for it.
    await vi.dynamicImportSettled();
    expect(loads).not.toHaveBeenCalled();
    answering(() => Response.json({ value: 1, code: 'NOK', countryCode: 'NOR' }));
    await expect(
      client.apiRequest('/api/multiCurrency', (wire) => wire.multiCurrencyResponseSchema),
    ).resolves.toMatchObject({ code: 'NOK' });
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('starts loading the answer schemas at once for a page the browser renders itself (issue 33.2)', async () => {
    const loads = vi.fn();
    vi.doMock('./answer-schemas.js', async () => {
      loads();
      return vi.importActual<object>('./answer-schemas.js');
    });
    const client = await import('./api-client.js');
    client.preloadAnswerSchemas();
    await vi.dynamicImportSettled();
    expect(loads).toHaveBeenCalledTimes(1);
  });
});
