import { createElement, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { localeOfPath } from '@shop/shared';

let hydrating = false;

/**
 * Runs the page's hydration (`hydrateRoot`, which renders at once): the islands that render
 * during it keep the server's HTML. Any later render, a client navigation's, builds them whole.
 */
export function whileHydrating(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** The markup the server rendered inside the island of that name, if the page has it. */
function serverMarkup(name: string): string | undefined {
  for (const island of document.querySelectorAll<HTMLElement>('[data-island]'))
    if (island.dataset.island === name) return island.innerHTML;
  return undefined;
}

const sameDeps = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * A link's click inside the island, as react-router's `<Link>` would take it: a plain left click
 * on a link of this shop, in this tab, moves within the app instead of loading the page whole.
 * The address carries the language prefix, which the router's basename adds back.
 */
function linkTarget(event: MouseEvent<HTMLElement>): URL | undefined {
  if (event.defaultPrevented || event.button !== 0) return undefined;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor))
    return undefined;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download'))
    return undefined;
  const url = new URL(anchor.href);
  return url.origin === window.location.origin ? url : undefined;
}

interface StaticIslandProps {
  /** Unique on the page: the browser finds the server's markup by it (`data-island`). */
  name: string;
  /** The element that holds the content, in place of a wrapper of its own. */
  as?: 'div' | 'ul' | 'tbody';
  className?: string;
  /** Its `aria-label`. */
  label?: string;
  /** The navigation state a served link passes, as its `<Link state>` would (by path). */
  linkState?: (path: string) => unknown;
  /** What the content is made of: while they are the ones it hydrated with, it stays as served. */
  deps: readonly unknown[];
  children: ReactNode;
}

/**
 * Content with no state or handlers of its own (footer columns, product cards, a description),
 * which a hydration would only walk through to find nothing to do: in the hydrating render it
 * keeps the server's DOM untouched, as `dangerouslySetInnerHTML` (Preact neither diffs nor sets
 * it while hydrating, and leaves it alone afterwards while its text is the same), so none of its
 * components run in the browser. Once `deps` change (the currency, say), or on a page reached by
 * client navigation, it renders its children as any component does. Its links still move within
 * the app, through one handler on the island.
 */
export function StaticIsland({
  name,
  as = 'div',
  className,
  label,
  linkState,
  deps,
  children,
}: StaticIslandProps) {
  const navigate = useNavigate();
  const [served, setServed] = useState(() => {
    const html = hydrating ? serverMarkup(name) : undefined;
    return html === undefined ? undefined : { html, deps };
  });
  const asServed = served !== undefined && sameDeps(served.deps, deps);
  // Once changed, the content stays rendered: never back to markup its components no longer own.
  if (served && !asServed) setServed(undefined);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const url = linkTarget(event);
    if (!url) return;
    event.preventDefault();
    const { path } = localeOfPath(url.pathname);
    void navigate(`${path}${url.search}${url.hash}`, { state: linkState?.(path) });
  };
  return createElement(
    as,
    {
      'data-island': name,
      className,
      'aria-label': label,
      // Only the served markup needs it: rendered links are react-router's own.
      onClick: asServed ? onClick : undefined,
      ...(asServed ? { dangerouslySetInnerHTML: { __html: served.html } } : {}),
    },
    asServed ? undefined : children,
  );
}
