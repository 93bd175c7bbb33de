import {
  productBulkActionValues,
  type AdminCategory,
  type ProductBulkAction,
  type ProductBulkRequest,
} from '@shop/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useConfirm } from '../../components/confirm.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useBulkProducts } from './api.js';
import type en from './i18n/en.json';

/**
 * What to do with the products chosen in the list (issue 34.3): publish, unpublish, archive
 * (after a confirmation), move to a category, or set a discount on all their items. The server
 * does it to all or none; the list loads again and the choice is cleared.
 */
export function ProductsBulkBar({
  ids,
  categories,
  onDone,
}: {
  ids: string[];
  categories: AdminCategory[];
  onDone: () => void;
}) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const confirm = useConfirm();
  const bulk = useBulkProducts();
  const [action, setAction] = useState<ProductBulkAction | ''>('');
  const [categoryId, setCategoryId] = useState('');
  const [discount, setDiscount] = useState('');
  const [problem, setProblem] = useState('');
  const [working, setWorking] = useState(false);

  /** The request for the chosen action, or the catalogue key of what is missing. */
  const request = (): ProductBulkRequest | { missing: keyof typeof en } => {
    switch (action) {
      case '':
        return { missing: 'products.bulk.chooseAction' };
      case 'move':
        return categoryId
          ? { ids, action, categoryId }
          : { missing: 'products.bulk.chooseCategory' };
      case 'discount': {
        const percent = Number(discount.trim());
        return discount.trim() !== '' && Number.isInteger(percent) && percent >= 0 && percent <= 100
          ? { ids, action, discountPercent: percent }
          : { missing: 'products.bulk.discountRange' };
      }
      default:
        return { ids, action };
    }
  };

  const apply = async () => {
    const body = request();
    if ('missing' in body) {
      setProblem(t(body.missing));
      return;
    }
    setProblem('');
    if (
      body.action === 'archive' &&
      !(await confirm({
        title: t('products.bulk.archiveTitle', { count: ids.length }),
        body: t('products.bulk.archiveBody'),
        action: t('products.bulk.archive'),
      }))
    )
      return;
    setWorking(true);
    try {
      const { changed } = await bulk(body);
      toast(t('products.bulk.done', { count: changed }));
      onDone();
    } catch (error) {
      setProblem(error instanceof ApiError ? message(error.message) : t('products.bulk.failed'));
    } finally {
      setWorking(false);
    }
  };

  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 mb-2 p-2 border rounded bg-body-tertiary"
      role="region"
      aria-label={t('products.bulk.region')}
    >
      <strong className="me-2">{t('products.bulk.chosen', { count: ids.length })}</strong>
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label={t('products.bulk.action')}
        value={action}
        onChange={(event) => {
          setAction(event.target.value as ProductBulkAction | '');
          setProblem('');
        }}
      >
        <option value="">{t('products.bulk.chooseAction')}</option>
        {productBulkActionValues.map((value) => (
          <option key={value} value={value}>
            {t('products.bulk.actionName', { action: value })}
          </option>
        ))}
      </Form.Select>
      {action === 'move' && (
        <Form.Select
          size="sm"
          className="w-auto"
          aria-label={t('products.bulk.category')}
          value={categoryId}
          onChange={(event) => setCategoryId(event.target.value)}
        >
          <option value="">{t('products.bulk.chooseCategory')}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {'— '.repeat(category.level - 1)}
              {category.name}
            </option>
          ))}
        </Form.Select>
      )}
      {action === 'discount' && (
        <Form.Control
          size="sm"
          className="w-auto"
          type="number"
          min={0}
          max={100}
          step={1}
          aria-label={t('products.bulk.discount')}
          placeholder={t('products.bulk.discountPlaceholder')}
          value={discount}
          onChange={(event) => setDiscount(event.target.value)}
        />
      )}
      <Button size="sm" disabled={working} onClick={() => void apply()}>
        {working ? t('products.bulk.applying') : t('products.bulk.apply')}
      </Button>
      {problem && (
        <span className="text-danger small" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
