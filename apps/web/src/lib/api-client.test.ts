import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.js';

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('ERR-01 a failed call carries the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Category not found' }, { status: 404 })),
    );
    const failure = apiRequest('/api/products/category/x', { method: 'POST', body: {} });
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
    await expect(apiRequest('/api/carousel/')).rejects.toMatchObject({
      message: 'Failed to fetch',
      status: undefined,
    });
  });

  it('ERR-04 a failure whose body is not the error shape carries the status text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(apiRequest('/api/carousel/')).rejects.toMatchObject({
      message: 'Bad Gateway',
      status: 502,
    });
  });

  it('sends JSON bodies and answers the parsed JSON', async () => {
    const fetchStub = vi.fn(async () => Response.json({ value: 0.95, code: 'SEK' }));
    vi.stubGlobal('fetch', fetchStub);
    await expect(
      apiRequest('/api/multiCurrency', { method: 'POST', body: { currencyCode: 'SEK' } }),
    ).resolves.toEqual({ value: 0.95, code: 'SEK' });
    expect(fetchStub).toHaveBeenCalledWith('/api/multiCurrency', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"currencyCode":"SEK"}',
      signal: undefined,
    });
  });
});
