import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Category } from '@shop/shared';
import { StaticIsland } from '../../components/ui/static-island.js';
import { categoryLink, useCategoriesQuery } from '../../features/catalog/index.js';
import { useLocale } from '../../lib/i18n.js';
import { useLayoutText } from './layout-i18n.js';

/** Grey entries in the menu's place while the categories load; the row keeps its height. */
const SKELETON_ENTRIES = 7;

/** Every entry's navigation state by its path, for the entries the server rendered. */
function navigationStates(categories: Category[] | undefined) {
  const states = new Map<string, ReturnType<typeof categoryLink>['state']>();
  for (const category of categories ?? []) {
    const links = [categoryLink(category)];
    for (const sub of category.subCategory) {
      links.push(categoryLink(category, sub));
      for (const sub2 of sub.subCategory2) links.push(categoryLink(category, sub, sub2));
    }
    for (const { to, state } of links) if (!states.has(to)) states.set(to, state);
  }
  return states;
}

/**
 * The category menu (GLOB-11..14). Sub-menus open on hover and on keyboard focus
 * (`:focus-within`), so every entry is reachable with Tab. The menu is one row of a fixed
 * height whatever the categories, so the page below it never moves when they arrive.
 * A navigation closes an open sub-menu: it stays closed until the pointer leaves the menu or
 * focus comes back into it, so it does not cover the page just opened. The entries, some sixty
 * links, are a static island: a served menu is not hydrated until the categories change.
 */
export function CategoryMenu() {
  const { data: categories, isLoading } = useCategoriesQuery(undefined);
  const t = useLayoutText();
  const locale = useLocale();
  const { key } = useLocation();
  const nav = useRef<HTMLElement>(null);
  const [closed, setClosed] = useState(false);
  const openedAt = useRef(key);

  useEffect(() => {
    if (openedAt.current === key) return;
    openedAt.current = key;
    const menu = nav.current;
    if (!menu?.matches(':hover, :focus-within')) return;
    if (document.activeElement instanceof HTMLElement && menu.contains(document.activeElement))
      document.activeElement.blur();
    setClosed(true);
  }, [key]);

  const reopen = () => setClosed(false);
  const states = useMemo(() => navigationStates(categories), [categories]);

  return (
    <nav
      ref={nav}
      className={`category-menu d-none d-md-block${closed ? ' category-menu--closed' : ''}`}
      aria-label={t('layout.menu.categories')}
      aria-busy={isLoading}
      onMouseLeave={reopen}
      onFocus={reopen}
    >
      <div className="container">
        <StaticIsland
          name="category-menu"
          as="ul"
          className="category-menu__list"
          linkState={(path) => states.get(path)}
          deps={[categories, isLoading, locale]}
        >
          {isLoading &&
            Array.from({ length: SKELETON_ENTRIES }, (_, index) => (
              <li key={index} className="category-menu__item placeholder-glow" aria-hidden="true">
                <span className="category-menu__link">
                  <span className="placeholder category-menu__placeholder" />
                </span>
              </li>
            ))}
          {categories?.map((category) => {
            const link = categoryLink(category);
            return (
              <li key={category._id} className="category-menu__item">
                <Link to={link.to} state={link.state} className="category-menu__link">
                  {category.name}
                </Link>
                {category.subCategory.length > 0 && (
                  <div className="category-menu__panel">
                    <div className="container">
                      <ul className="category-menu__subs">
                        {category.subCategory.map((sub) => {
                          const subLink = categoryLink(category, sub);
                          return (
                            <li key={sub._id}>
                              <Link
                                to={subLink.to}
                                state={subLink.state}
                                className="category-menu__sub-link"
                              >
                                {sub.name}
                              </Link>
                              {sub.subCategory2.length > 0 && (
                                <ul className="category-menu__subs2">
                                  {sub.subCategory2.map((sub2) => {
                                    const sub2Link = categoryLink(category, sub, sub2);
                                    return (
                                      <li key={sub2._id}>
                                        <Link to={sub2Link.to} state={sub2Link.state}>
                                          {sub2.name}
                                        </Link>
                                      </li>
                                    );
                                  })}
                                </ul>
                              )}
                            </li>
                          );
                        })}
                      </ul>
                    </div>
                  </div>
                )}
              </li>
            );
          })}
          <li className="category-menu__item">
            <Link to="/cleaning" className="category-menu__link">
              {t('layout.menu.cleaning')}
            </Link>
          </li>
        </StaticIsland>
      </div>
    </nav>
  );
}
