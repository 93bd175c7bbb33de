import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { variantLabel } from '../../lib/format.js';
import { useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';
import {
  applyToItems,
  itemBulkFields,
  itemKey,
  itemsPatchOf,
  type DraftItem,
  type ItemBulkField,
  type ItemsPatch,
} from './item-matrix.js';
import type { FieldErrors } from './product-form.js';

/** An input of an item's row with its message below it. */
function ItemCell({
  id,
  error,
  children,
}: {
  id: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <td>
      {children}
      {error && (
        <div className="invalid-feedback d-block" id={id}>
          {error}
        </div>
      )}
    </td>
  );
}

/** One row per item: SKU, price, discount, stock (new items only), limit, weight, picture, on sale. */
export function ItemMatrix({
  items,
  images,
  errors,
  archivedCount,
  onChange,
}: {
  items: DraftItem[];
  images: string[];
  errors: FieldErrors;
  archivedCount: number;
  onChange: (items: DraftItem[]) => void;
}) {
  const t = useT<typeof en>();
  const update = (index: number, patch: Partial<DraftItem>) =>
    onChange(items.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  const setDefault = (index: number) =>
    onChange(items.map((item, at) => ({ ...item, isDefault: at === index })));
  const fieldError = (index: number, field: string) => errors[`items.${index}.${field}`];
  // The items chosen for a change of many at once, by key (issue 34.3).
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const chosenCount = items.filter((item) => chosen.has(itemKey(item))).length;
  const allChosen = items.length > 0 && chosenCount === items.length;
  const choose = (item: DraftItem, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(itemKey(item));
      else next.delete(itemKey(item));
      return next;
    });
  const itemsError = Object.entries(errors).find(
    ([path]) => path === 'items' || /^items\.\d+$/.test(path),
  )?.[1];
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{t('products.items.title')}</h2>
        {itemsError && <div className="text-danger small mb-2">{itemsError}</div>}
        {archivedCount > 0 && (
          <p className="small text-body-secondary">
            {t('products.items.archived', { count: archivedCount })}
          </p>
        )}
        {chosenCount > 0 && (
          <ItemsBulkEdit
            count={chosenCount}
            onApply={(patch) => onChange(applyToItems(items, chosen, patch))}
          />
        )}
        <Table responsive size="sm" className="matrix-table align-middle">
          <thead>
            <tr>
              <th scope="col">
                <Form.Check
                  aria-label={t('products.items.chooseAll')}
                  checked={allChosen}
                  ref={(input: HTMLInputElement | null) => {
                    if (input) input.indeterminate = chosenCount > 0 && !allChosen;
                  }}
                  onChange={(event) =>
                    setChosen(event.target.checked ? new Set(items.map(itemKey)) : new Set())
                  }
                />
              </th>
              <th scope="col">{t('products.items.item')}</th>
              <th scope="col">{t('products.items.sku')}</th>
              <th scope="col">{t('products.items.price')}</th>
              <th scope="col">{t('products.items.discount')}</th>
              <th scope="col">{t('products.items.stock')}</th>
              <th scope="col">{t('products.items.orderLimit')}</th>
              <th scope="col">{t('products.items.weight')}</th>
              <th scope="col">{t('products.items.picture')}</th>
              <th scope="col">{t('products.items.onSale')}</th>
              <th scope="col">{t('products.items.shownFirst')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => {
              const name = variantLabel(item.variants, t('common.singleItem'));
              const shortName = Object.values(item.variants).join(' / ') || t('common.singleItem');
              const invalid = (field: string) => Boolean(fieldError(index, field));
              return (
                <tr key={item.id ?? name}>
                  <td>
                    <Form.Check
                      aria-label={t('products.items.choose', { name })}
                      checked={chosen.has(itemKey(item))}
                      onChange={(event) => choose(item, event.target.checked)}
                    />
                  </td>
                  <th scope="row" className="fw-normal text-nowrap">
                    <span aria-hidden="true">{shortName}</span>
                    <span className="visually-hidden">{name}</span>
                  </th>
                  <ItemCell id={`item-${index}-sku-error`} error={fieldError(index, 'sku')}>
                    <Form.Control
                      size="sm"
                      className="matrix-sku"
                      aria-label={t('products.items.skuOf', { name })}
                      value={item.sku}
                      isInvalid={invalid('sku')}
                      onChange={(event) => update(index, { sku: event.target.value })}
                    />
                  </ItemCell>
                  <ItemCell
                    id={`item-${index}-priceOre-error`}
                    error={fieldError(index, 'priceOre')}
                  >
                    <Form.Control
                      size="sm"
                      inputMode="decimal"
                      aria-label={t('products.items.priceOf', { name })}
                      value={item.price}
                      isInvalid={invalid('priceOre')}
                      onChange={(event) => update(index, { price: event.target.value })}
                    />
                  </ItemCell>
                  <ItemCell
                    id={`item-${index}-discountPercent-error`}
                    error={fieldError(index, 'discountPercent')}
                  >
                    <Form.Control
                      size="sm"
                      type="number"
                      min={0}
                      max={100}
                      aria-label={t('products.items.discountOf', { name })}
                      value={item.discountPercent}
                      isInvalid={invalid('discountPercent')}
                      onChange={(event) =>
                        update(index, { discountPercent: Number(event.target.value) })
                      }
                    />
                  </ItemCell>
                  {item.id ? (
                    <td title={t('products.items.stockHint')}>{item.stock}</td>
                  ) : (
                    <ItemCell id={`item-${index}-stock-error`} error={fieldError(index, 'stock')}>
                      <Form.Control
                        size="sm"
                        type="number"
                        min={0}
                        aria-label={t('products.items.stockOf', { name })}
                        value={item.stock}
                        isInvalid={invalid('stock')}
                        onChange={(event) => update(index, { stock: Number(event.target.value) })}
                      />
                    </ItemCell>
                  )}
                  <ItemCell
                    id={`item-${index}-orderLimit-error`}
                    error={fieldError(index, 'orderLimit')}
                  >
                    <Form.Control
                      size="sm"
                      type="number"
                      min={1}
                      aria-label={t('products.items.orderLimitOf', { name })}
                      value={item.orderLimit}
                      isInvalid={invalid('orderLimit')}
                      onChange={(event) =>
                        update(index, { orderLimit: Number(event.target.value) })
                      }
                    />
                  </ItemCell>
                  <ItemCell
                    id={`item-${index}-weightGrams-error`}
                    error={fieldError(index, 'weightGrams')}
                  >
                    <Form.Control
                      size="sm"
                      type="number"
                      min={0}
                      aria-label={t('products.items.weightOf', { name })}
                      value={item.weightGrams}
                      isInvalid={invalid('weightGrams')}
                      onChange={(event) =>
                        update(index, { weightGrams: Number(event.target.value) })
                      }
                    />
                  </ItemCell>
                  <td>
                    <Form.Select
                      size="sm"
                      aria-label={t('products.items.pictureOf', { name })}
                      value={item.heroImage ?? ''}
                      onChange={(event) => update(index, { heroImage: event.target.value || null })}
                    >
                      <option value="">{t('products.items.productsPicture')}</option>
                      {images.map((path, at) => (
                        <option key={path} value={path}>
                          {t('products.items.image', { number: at + 1 })}
                        </option>
                      ))}
                    </Form.Select>
                  </td>
                  <td>
                    <Form.Check
                      aria-label={t('products.items.onSaleOf', { name })}
                      checked={!item.disabled}
                      isInvalid={invalid('disabled')}
                      onChange={(event) => update(index, { disabled: !event.target.checked })}
                    />
                  </td>
                  <td>
                    <Form.Check
                      type="radio"
                      name="default-item"
                      aria-label={t('products.items.showFirst', { name })}
                      checked={item.isDefault}
                      onChange={() => setDefault(index)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}

/**
 * Sets one field of the chosen items at once: price, discount, stock (new items only), weight,
 * or an SKU prefix that gives each its option values after it. In the form, saved with the rest.
 */
function ItemsBulkEdit({
  count,
  onApply,
}: {
  count: number;
  onApply: (patch: ItemsPatch) => void;
}) {
  const t = useT<typeof en>();
  const [field, setField] = useState<ItemBulkField>('price');
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState<ItemBulkField>();
  const apply = () => {
    const result = itemsPatchOf(field, value);
    if ('invalid' in result) {
      setInvalid(result.invalid);
      return;
    }
    setInvalid(undefined);
    onApply(result.patch);
  };
  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 mb-2"
      role="group"
      aria-label={t('products.itemsBulk.region')}
    >
      <strong className="small">{t('products.itemsBulk.chosen', { count })}</strong>
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label={t('products.itemsBulk.field')}
        value={field}
        onChange={(event) => {
          setField(event.target.value as ItemBulkField);
          setInvalid(undefined);
        }}
      >
        {itemBulkFields.map((one) => (
          <option key={one} value={one}>
            {t('products.itemsBulk.fieldName', { field: one })}
          </option>
        ))}
      </Form.Select>
      <Form.Control
        size="sm"
        className="w-auto"
        aria-label={t('products.itemsBulk.value', { field })}
        value={value}
        isInvalid={invalid !== undefined}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          // Enter sets the items; it must not save the product.
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      <Button size="sm" variant="outline-primary" onClick={apply}>
        {t('products.itemsBulk.apply')}
      </Button>
      {field === 'stock' && (
        <span className="small text-body-secondary">{t('products.itemsBulk.stockNewOnly')}</span>
      )}
      {invalid && (
        <span className="small text-danger" role="alert">
          {t('products.itemsBulk.invalid', { field: invalid })}
        </span>
      )}
    </div>
  );
}
