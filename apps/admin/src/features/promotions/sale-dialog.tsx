import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_PRICE_SALE_PRODUCTS, type AdminPriceSale } from '@shop/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { CategorySelect } from '../../components/category-select.js';
import { FormDialog } from '../../components/form-dialog.js';
import { FormField } from '../../components/form-field.js';
import { ProductSearch } from '../../components/product-search.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useCreateSale } from './api.js';
import { emptySaleForm, saleFormSchema, saleRequest, type SaleFormValues } from './sale-form.js';

const fields = Object.keys(emptySaleForm) as (keyof SaleFormValues)[];

/**
 * A new sale: its discount, a category or chosen products, and when it runs. Without a start it
 * applies as soon as it is created; the end puts the prices back by itself.
 */
export function SaleDialog({
  onClose,
  now = () => new Date(),
}: {
  /** With the created sale, or nothing when the dialog was closed without one. */
  onClose: (created?: AdminPriceSale) => void;
  /** The browser's clock, for the check of the times; a test sets its own. */
  now?: () => Date;
}) {
  const [problem, setProblem] = useState('');
  const createSale = useCreateSale();
  const [names, setNames] = useState<Record<string, string>>({});
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SaleFormValues>({
    resolver: zodResolver(saleFormSchema(now)),
    defaultValues: emptySaleForm,
  });
  const [target, categoryId, productIds] = useWatch({
    control,
    name: ['target', 'categoryId', 'productIds'],
  });
  const change = <K extends 'categoryId' | 'productIds'>(field: K, value: SaleFormValues[K]) =>
    setValue(field, value as never, { shouldDirty: true, shouldValidate: Boolean(errors[field]) });

  const submit = handleSubmit(async (values) => {
    setProblem('');
    try {
      const created = await createSale(saleRequest(values));
      onClose(created);
    } catch (error) {
      setProblem(showServerErrors(error, setError, fields));
    }
  });

  const full = productIds.length >= MAX_PRICE_SALE_PRODUCTS;
  return (
    <FormDialog
      id="sale-dialog"
      title="New sale"
      problem={problem}
      action={isSubmitting ? 'Creating…' : 'Create sale'}
      busy={isSubmitting}
      size="lg"
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <Row className="g-2">
        <Col sm={8}>
          <FormField
            label="Name"
            registration={register('name')}
            error={errors.name}
            help="For you and the staff, such as “Weekend honey sale”; shoppers see only the prices."
            autoComplete="off"
            maxLength={120}
          />
        </Col>
        <Col sm={4}>
          <FormField
            label="Discount (%)"
            registration={register('discountPercent')}
            error={errors.discountPercent}
            help="0 takes the discounts off."
            inputMode="numeric"
          />
        </Col>
      </Row>
      <fieldset className="mb-2">
        <legend className="form-label fs-6 mb-1">Put it on</legend>
        <Form.Check
          type="radio"
          id="sale-target-category"
          label="A category, with its subcategories"
          value="category"
          {...register('target')}
        />
        <Form.Check
          type="radio"
          id="sale-target-products"
          label="Chosen products"
          value="products"
          {...register('target')}
        />
      </fieldset>
      {target === 'category' ? (
        <CategorySelect
          value={categoryId}
          error={errors.categoryId?.message}
          help="Its products when the sale starts, those of its subcategories too. Archived products are left out."
          onChange={(id) => change('categoryId', id)}
        />
      ) : (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-2">Products ({productIds.length})</legend>
          {productIds.length > 0 && (
            <ul className="list-unstyled mb-2">
              {productIds.map((id) => (
                <li
                  key={id}
                  className="d-flex align-items-center gap-2 border rounded px-2 py-1 mb-1"
                >
                  <span className="flex-grow-1 text-break">{names[id] ?? 'A product'}</span>
                  <Button
                    size="sm"
                    variant="link"
                    className="text-danger"
                    aria-label={`Remove ${names[id] ?? 'this product'}`}
                    onClick={() =>
                      change(
                        'productIds',
                        productIds.filter((one) => one !== id),
                      )
                    }
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <ProductSearch
            label="Find a product to put on sale"
            exclude={productIds}
            disabled={full}
            onPick={(product) => {
              setNames((known) => ({ ...known, [product.id]: product.name }));
              change('productIds', [...productIds, product.id]);
            }}
          />
          {errors.productIds?.message && (
            <div className="text-danger small mt-1" role="alert">
              {errors.productIds.message}
            </div>
          )}
          <Form.Text muted>
            {full
              ? `A sale takes at most ${MAX_PRICE_SALE_PRODUCTS} chosen products: use a category for more.`
              : 'Every option of a product (its sizes, colours) gets the discount.'}
          </Form.Text>
        </fieldset>
      )}
      <Row className="g-2">
        <Col sm={6}>
          <FormField
            label="Starts (Norway time)"
            type="datetime-local"
            registration={register('startsAt')}
            error={errors.startsAt}
            help="Empty: it starts when you create it."
          />
        </Col>
        <Col sm={6}>
          <FormField
            label="Ends (Norway time)"
            type="datetime-local"
            registration={register('endsAt')}
            error={errors.endsAt}
            help="The prices go back by themselves then. Empty: until you end it."
          />
        </Col>
      </Row>
    </FormDialog>
  );
}
