import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { variantLabel } from '../../lib/format.js';
import type { DraftItem } from './item-matrix.js';
import type { FieldErrors } from './product-form.js';

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
  const update = (index: number, patch: Partial<DraftItem>) =>
    onChange(items.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  const setDefault = (index: number) =>
    onChange(items.map((item, at) => ({ ...item, isDefault: at === index })));
  const fieldError = (index: number, field: string) => errors[`items.${index}.${field}`];
  const itemsError = Object.entries(errors).find(
    ([path]) => path === 'items' || /^items\.\d+$/.test(path),
  )?.[1];
  const cell = (index: number, field: string, label: string, input: React.ReactNode) => (
    <td>
      {input}
      {fieldError(index, field) && (
        <div className="invalid-feedback d-block" id={`item-${index}-${field}-error`}>
          {fieldError(index, field)}
        </div>
      )}
      <span className="visually-hidden">{label}</span>
    </td>
  );
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Items</h2>
        {itemsError && <div className="text-danger small mb-2">{itemsError}</div>}
        {archivedCount > 0 && (
          <p className="small text-body-secondary">
            {archivedCount} archived item{archivedCount === 1 ? '' : 's'} (removed values that were
            ordered) are kept for the orders and not shown.
          </p>
        )}
        <Table responsive size="sm" className="matrix-table align-middle">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col">Price (kr)</th>
              <th scope="col">Discount %</th>
              <th scope="col">Stock</th>
              <th scope="col">Order limit</th>
              <th scope="col">Weight (g)</th>
              <th scope="col">Picture</th>
              <th scope="col">On sale</th>
              <th scope="col">Shown first</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => {
              const name = variantLabel(item.variants);
              const shortName = Object.values(item.variants).join(' / ') || 'Single item';
              const invalid = (field: string) => Boolean(fieldError(index, field));
              return (
                <tr key={item.id ?? name}>
                  <th scope="row" className="fw-normal text-nowrap">
                    <span aria-hidden="true">{shortName}</span>
                    <span className="visually-hidden">{name}</span>
                  </th>
                  {cell(
                    index,
                    'sku',
                    '',
                    <Form.Control
                      size="sm"
                      aria-label={`SKU of ${name}`}
                      value={item.sku}
                      isInvalid={invalid('sku')}
                      onChange={(event) => update(index, { sku: event.target.value })}
                    />,
                  )}
                  {cell(
                    index,
                    'priceOre',
                    '',
                    <Form.Control
                      size="sm"
                      inputMode="decimal"
                      aria-label={`Price of ${name} in kroner`}
                      value={item.price}
                      isInvalid={invalid('priceOre')}
                      onChange={(event) => update(index, { price: event.target.value })}
                    />,
                  )}
                  {cell(
                    index,
                    'discountPercent',
                    '',
                    <Form.Control
                      size="sm"
                      type="number"
                      min={0}
                      max={100}
                      aria-label={`Discount of ${name} in percent`}
                      value={item.discountPercent}
                      isInvalid={invalid('discountPercent')}
                      onChange={(event) =>
                        update(index, { discountPercent: Number(event.target.value) })
                      }
                    />,
                  )}
                  {item.id ? (
                    <td title="Change stock in the inventory, with a reason">{item.stock}</td>
                  ) : (
                    cell(
                      index,
                      'stock',
                      '',
                      <Form.Control
                        size="sm"
                        type="number"
                        min={0}
                        aria-label={`Starting stock of ${name}`}
                        value={item.stock}
                        isInvalid={invalid('stock')}
                        onChange={(event) => update(index, { stock: Number(event.target.value) })}
                      />,
                    )
                  )}
                  {cell(
                    index,
                    'orderLimit',
                    '',
                    <Form.Control
                      size="sm"
                      type="number"
                      min={1}
                      aria-label={`Order limit of ${name}`}
                      value={item.orderLimit}
                      isInvalid={invalid('orderLimit')}
                      onChange={(event) =>
                        update(index, { orderLimit: Number(event.target.value) })
                      }
                    />,
                  )}
                  {cell(
                    index,
                    'weightGrams',
                    '',
                    <Form.Control
                      size="sm"
                      type="number"
                      min={0}
                      aria-label={`Weight of ${name} in grams`}
                      value={item.weightGrams}
                      isInvalid={invalid('weightGrams')}
                      onChange={(event) =>
                        update(index, { weightGrams: Number(event.target.value) })
                      }
                    />,
                  )}
                  <td>
                    <Form.Select
                      size="sm"
                      aria-label={`Picture of ${name}`}
                      value={item.heroImage ?? ''}
                      onChange={(event) => update(index, { heroImage: event.target.value || null })}
                    >
                      <option value="">The product’s</option>
                      {images.map((path, at) => (
                        <option key={path} value={path}>
                          Image {at + 1}
                        </option>
                      ))}
                    </Form.Select>
                  </td>
                  <td>
                    <Form.Check
                      aria-label={`${name} is on sale`}
                      checked={!item.disabled}
                      isInvalid={invalid('disabled')}
                      onChange={(event) => update(index, { disabled: !event.target.checked })}
                    />
                  </td>
                  <td>
                    <Form.Check
                      type="radio"
                      name="default-item"
                      aria-label={`Show ${name} first`}
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
