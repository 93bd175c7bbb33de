import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShopDetails } from '../lib/shop-details.js';
import { stubFetch } from '../test/fetch-stub.js';
import { servedShop } from '../test/shop-details-answer.js';
import { createStore } from './store.js';

afterEach(() => {
  document.getElementById('shop-details')?.remove();
  vi.unstubAllGlobals();
});

function ShopName() {
  return <p>{useShopDetails()?.name ?? 'not yet'}</p>;
}

function pageCarries(text: string) {
  const script = document.createElement('script');
  script.id = 'shop-details';
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

describe('the shop details the server wrote into the page (issue 14, no layout shift)', () => {
  it('are there on the first paint, with no call for them', () => {
    pageCarries(JSON.stringify({ ...servedShop, name: 'Fjordbutikken' }));
    const calls = stubFetch({});
    render(
      <Provider store={createStore()}>
        <ShopName />
      </Provider>,
    );
    expect(screen.getByText('Fjordbutikken')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/shop')).toHaveLength(0);
  });

  it('fall back to GET /api/shop when the page carries broken ones', async () => {
    pageCarries('{"name": "Fjordbu');
    stubFetch({ 'GET /api/shop': { ...servedShop, name: 'From the call' } });
    render(
      <Provider store={createStore()}>
        <ShopName />
      </Provider>,
    );
    expect(screen.getByText('not yet')).toBeTruthy();
    expect(await screen.findByText('From the call')).toBeTruthy();
  });
});
