import { act, fireEvent } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticIsland, whileHydrating } from './static-island.js';

const seen: { renders: number; path: string; state?: unknown } = { renders: 0, path: '' };
const countRender = () => {
  seen.renders += 1;
};
const notePath = (path: string, state: unknown) => {
  seen.path = path;
  seen.state = state;
};

/** Counts its renders: a component inside an island that the browser never runs. */
function Entry({ text, onRender }: { text: string; onRender: () => void }) {
  onRender();
  return (
    <li>
      <Link to="/about">{text}</Link>
    </li>
  );
}

function PathProbe({ onPath }: { onPath: (path: string, state: unknown) => void }) {
  const { pathname, state } = useLocation();
  onPath(pathname, state);
  return null;
}

/** An island of two entries, whose text the button outside it changes. */
function Page({ initial, linkState }: { initial: string; linkState?: (path: string) => unknown }) {
  const [text, setText] = useState(initial);
  return (
    <MemoryRouter>
      <StaticIsland name="entries" as="ul" className="entries" linkState={linkState} deps={[text]}>
        <Entry text={text} onRender={countRender} />
        <Entry text={`${text} again`} onRender={countRender} />
      </StaticIsland>
      <button type="button" onClick={() => setText(text === 'Tea' ? 'Coffee' : 'Tea')}>
        change
      </button>
      <PathProbe onPath={notePath} />
    </MemoryRouter>
  );
}

const change = (container: HTMLElement) => {
  const button = container.querySelector('button');
  if (!button) throw new Error('no button');
  act(() => {
    fireEvent.click(button);
  });
};

/** The page as the server sends it, then hydrated as main.tsx does. */
function hydrated(page: ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  seen.renders = 0;
  act(() => whileHydrating(() => hydrateRoot(container, page)));
  return container;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('a static island (issue 33.2)', () => {
  it('is rendered whole by the server, in its own element, named for the browser', () => {
    const html = renderToString(<Page initial="Tea" />);
    expect(html).toContain(
      '<ul data-island="entries" class="entries"><li><a href="/about" data-discover="true">Tea</a></li><li><a href="/about" data-discover="true">Tea again</a></li></ul>',
    );
  });

  it('keeps the served DOM as it is when hydrated, running none of its components', () => {
    const served = document.createElement('div');
    served.innerHTML = renderToString(<Page initial="Tea" />);
    const container = hydrated(<Page initial="Tea" />);
    expect(container.innerHTML).toBe(served.innerHTML);
    expect(seen.renders).toBe(0);
  });

  it('keeps the very nodes the server sent', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page initial="Tea" />);
    document.body.append(container);
    const firstLink = container.querySelector('a');
    act(() => whileHydrating(() => hydrateRoot(container, <Page initial="Tea" />)));
    expect(container.querySelector('a')).toBe(firstLink);
  });

  it('renders its children once what it is made of changes, and from then on', () => {
    const container = hydrated(<Page initial="Tea" />);
    change(container);
    expect(seen.renders).toBe(2);
    expect([...container.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Coffee',
      'Coffee again',
    ]);
    change(container);
    expect([...container.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Tea',
      'Tea again',
    ]);
  });

  it('renders its children on a page the browser renders itself (a client navigation)', () => {
    const container = document.createElement('div');
    document.body.append(container);
    seen.renders = 0;
    act(() => createRoot(container).render(<Page initial="Tea" />));
    expect(seen.renders).toBe(2);
    expect(container.querySelector('a')?.textContent).toBe('Tea');
  });

  it('moves within the app on a plain click of a served link, as the link would', () => {
    const container = hydrated(<Page initial="Tea" />);
    const link = container.querySelector('a');
    if (!link) throw new Error('no link');
    expect(fireEvent.click(link, { button: 0 })).toBe(false);
    expect(seen.path).toBe('/about');
  });

  it("passes the navigation state the link's own <Link state> would", () => {
    const page = <Page initial="Tea" linkState={(path) => ({ from: path })} />;
    const container = hydrated(page);
    const link = container.querySelector('a');
    if (!link) throw new Error('no link');
    fireEvent.click(link, { button: 0 });
    expect(seen).toMatchObject({ path: '/about', state: { from: '/about' } });
  });

  it('leaves a click that opens another tab to the browser', () => {
    const container = hydrated(<Page initial="Tea" />);
    const link = container.querySelector('a');
    if (!link) throw new Error('no link');
    seen.path = '';
    expect(fireEvent.click(link, { button: 0, ctrlKey: true })).toBe(true);
    expect(seen.path).toBe('');
  });
});
