import type { FormEvent } from 'react';
import type { Category, SubCategory2 } from '@shop/shared';
import { RichText } from '../../lib/i18n.js';
import { useCatalogText } from './catalog-i18n.js';

export interface CategoryFiltersProps {
  idPrefix: string;
  category: Category;
  checkedSubs: string[];
  onToggleSub: (subId: string) => void;
  sub2Filter: SubCategory2 | undefined;
  onRemoveSub2: () => void;
  currencyCode: string;
  minText: string;
  maxText: string;
  onMinChange: (text: string) => void;
  onMaxChange: (text: string) => void;
  priceError: string;
  onApply: () => void;
  onClear: () => void;
}

/** Price inputs take absolute values (VAL-03), so a typed minus sign is dropped. */
const absolute = (text: string) => text.replace(/-/g, '');

/** The sub-category and price filters of a category listing (CAT-10..15). */
export function CategoryFilters(props: CategoryFiltersProps) {
  const t = useCatalogText();
  const { idPrefix, category, sub2Filter } = props;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply();
  };
  return (
    <div className="category-filters">
      {sub2Filter ? (
        <div className="category-filters__applied">
          <p className="mb-2">
            <RichText
              id="catalog.filter.applied"
              values={{ name: sub2Filter.name }}
              components={{ 0: <strong /> }}
            />
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={props.onRemoveSub2}
            aria-label={t('catalog.filter.removeNamed', { name: sub2Filter.name })}
          >
            {t('catalog.filter.remove')}
          </button>
        </div>
      ) : (
        category.subCategory.length > 0 && (
          <fieldset className="mb-4">
            <legend className="category-filters__legend">
              {t('catalog.filter.subCategories')}
            </legend>
            {category.subCategory.map((sub) => (
              <div key={sub._id} className="form-check">
                <input
                  type="checkbox"
                  className="form-check-input"
                  id={`${idPrefix}-sub-${sub._id}`}
                  checked={props.checkedSubs.includes(sub._id)}
                  onChange={() => props.onToggleSub(sub._id)}
                />
                <label className="form-check-label" htmlFor={`${idPrefix}-sub-${sub._id}`}>
                  {sub.name}
                </label>
              </div>
            ))}
          </fieldset>
        )
      )}
      <form onSubmit={onSubmit} noValidate>
        <fieldset>
          <legend className="category-filters__legend">
            {t('catalog.filter.price', { currency: props.currencyCode })}
          </legend>
          <div className="d-flex gap-2">
            <div>
              <label htmlFor={`${idPrefix}-min`} className="form-label">
                {t('catalog.filter.min')}
              </label>
              <input
                id={`${idPrefix}-min`}
                type="number"
                inputMode="decimal"
                min={0}
                className="form-control"
                value={props.minText}
                onChange={(event) => props.onMinChange(absolute(event.target.value))}
                aria-describedby={props.priceError ? `${idPrefix}-price-error` : undefined}
                aria-invalid={props.priceError ? true : undefined}
              />
            </div>
            <div>
              <label htmlFor={`${idPrefix}-max`} className="form-label">
                {t('catalog.filter.max')}
              </label>
              <input
                id={`${idPrefix}-max`}
                type="number"
                inputMode="decimal"
                min={0}
                className="form-control"
                value={props.maxText}
                onChange={(event) => props.onMaxChange(absolute(event.target.value))}
              />
            </div>
          </div>
          {props.priceError && (
            <p id={`${idPrefix}-price-error`} className="form-error mt-2 mb-0" role="alert">
              {props.priceError}
            </p>
          )}
          <div className="d-flex gap-2 mt-3">
            <button type="submit" className="btn btn-primary">
              {t('catalog.filter.apply')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={props.onClear}>
              {t('catalog.filter.clear')}
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
