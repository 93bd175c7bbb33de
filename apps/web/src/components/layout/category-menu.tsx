import { Link } from 'react-router';
import { useCategoriesQuery } from '../../features/catalog/catalog-api.js';
import { categoryLink } from '../../features/catalog/category-links.js';

/**
 * The category menu (GLOB-11..14). Sub-menus open on hover and on keyboard focus
 * (`:focus-within`), so every entry is reachable with Tab.
 */
export function CategoryMenu() {
  const { data: categories = [] } = useCategoriesQuery(undefined);
  return (
    <nav className="category-menu d-none d-md-block" aria-label="Categories">
      <div className="container">
        <ul className="category-menu__list">
          {categories.map((category) => {
            const link = categoryLink(category);
            return (
              <li key={category._id} className="category-menu__item">
                <Link to={link.to} state={link.state} className="category-menu__link">
                  {category.name}
                </Link>
                {category.subCategory.length > 0 && (
                  <div className="category-menu__panel">
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
                )}
              </li>
            );
          })}
          <li className="category-menu__item">
            <Link to="/cleaning" className="category-menu__link">
              Cleaning Facilities
            </Link>
          </li>
        </ul>
      </div>
    </nav>
  );
}
