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
import { useMessage, useT } from '../../lib/i18n.js';
import { useCreateSale } from './api.js';
import type en from './i18n/en.json';
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
  const t = useT<typeof en>();
  const message = useMessage();
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
      title={t('promotions.sales.new')}
      problem={problem}
      action={
        isSubmitting ? t('promotions.saleDialog.creating') : t('promotions.saleDialog.create')
      }
      busy={isSubmitting}
      size="lg"
      onSubmit={submit}
      onClose={() => onClose()}
    >
      <Row className="g-2">
        <Col sm={8}>
          <FormField
            label={t('promotions.sales.name')}
            registration={register('name')}
            error={errors.name}
            help={t('promotions.saleDialog.nameHelp')}
            autoComplete="off"
            maxLength={120}
          />
        </Col>
        <Col sm={4}>
          <FormField
            label={t('promotions.saleDialog.discount')}
            registration={register('discountPercent')}
            error={errors.discountPercent}
            help={t('promotions.saleDialog.discountHelp')}
            inputMode="numeric"
          />
        </Col>
      </Row>
      <fieldset className="mb-2">
        <legend className="form-label fs-6 mb-1">{t('promotions.saleDialog.putOn')}</legend>
        <Form.Check
          type="radio"
          id="sale-target-category"
          label={t('promotions.saleDialog.targetCategory')}
          value="category"
          {...register('target')}
        />
        <Form.Check
          type="radio"
          id="sale-target-products"
          label={t('promotions.sale.chosenProducts')}
          value="products"
          {...register('target')}
        />
      </fieldset>
      {target === 'category' ? (
        <CategorySelect
          value={categoryId}
          error={errors.categoryId?.message && message(errors.categoryId.message)}
          help={t('promotions.saleDialog.categoryHelp')}
          onChange={(id) => change('categoryId', id)}
        />
      ) : (
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-2">
            {t('promotions.saleDialog.products', { count: productIds.length })}
          </legend>
          {productIds.length > 0 && (
            <ul className="list-unstyled mb-2">
              {productIds.map((id) => (
                <li
                  key={id}
                  className="d-flex align-items-center gap-2 border rounded px-2 py-1 mb-1"
                >
                  <span className="flex-grow-1 text-break">
                    {names[id] ?? t('promotions.saleDialog.aProduct')}
                  </span>
                  <Button
                    size="sm"
                    variant="link"
                    className="text-danger"
                    aria-label={
                      names[id] === undefined
                        ? t('promotions.saleDialog.removeThis')
                        : t('promotions.saleDialog.remove', { name: names[id] })
                    }
                    onClick={() =>
                      change(
                        'productIds',
                        productIds.filter((one) => one !== id),
                      )
                    }
                  >
                    {t('promotions.saleDialog.removeShort')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <ProductSearch
            label={t('promotions.saleDialog.find')}
            exclude={productIds}
            disabled={full}
            onPick={(product) => {
              setNames((known) => ({ ...known, [product.id]: product.name }));
              change('productIds', [...productIds, product.id]);
            }}
          />
          {errors.productIds?.message && (
            <div className="text-danger small mt-1" role="alert">
              {message(errors.productIds.message)}
            </div>
          )}
          <Form.Text muted>
            {full
              ? t('promotions.saleDialog.full', { max: MAX_PRICE_SALE_PRODUCTS })
              : t('promotions.saleDialog.everyOption')}
          </Form.Text>
        </fieldset>
      )}
      <Row className="g-2">
        <Col sm={6}>
          <FormField
            label={t('promotions.saleDialog.starts')}
            type="datetime-local"
            registration={register('startsAt')}
            error={errors.startsAt}
            help={t('promotions.saleDialog.startsHelp')}
          />
        </Col>
        <Col sm={6}>
          <FormField
            label={t('promotions.saleDialog.ends')}
            type="datetime-local"
            registration={register('endsAt')}
            error={errors.endsAt}
            help={t('promotions.saleDialog.endsHelp')}
          />
        </Col>
      </Row>
    </FormDialog>
  );
}
