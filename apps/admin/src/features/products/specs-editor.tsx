import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { SortableList } from '../../components/sortable-list.js';
import { useT } from '../../lib/i18n.js';
import { EnglishFallback } from './english-fallback.js';
import type en from './i18n/en.json';
import { newRowKey, type FieldErrors } from './product-form.js';

export interface SpecRow {
  id: string;
  key: string;
  value: string;
  /** The row in English, '' where none is written. */
  keyEn: string;
  valueEn: string;
}

/**
 * Technical specifications as name/value rows, in the order the product page lists them, each
 * with its English beside it. English pages show the English list where any row has one, so a
 * row without English is left out there, and with none at all they show the bokmål.
 */
export function SpecsEditor({
  rows,
  onChange,
  errors,
}: {
  rows: SpecRow[];
  onChange: (rows: SpecRow[]) => void;
  errors: FieldErrors;
}) {
  const t = useT<typeof en>();
  const update = (id: string, patch: Partial<SpecRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const anyEnglish = rows.some((row) => row.keyEn.trim() !== '');
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{t('products.specs.title')}</h2>
        {rows.length > 0 && !anyEnglish && <EnglishFallback />}
        <SortableList
          items={rows}
          className="list-unstyled"
          onReorder={onChange}
          renderItem={(row, handle) => {
            const index = rows.indexOf(row);
            const keyError = errors[`information.${index}.informationKey`];
            const valueError = errors[`information.${index}.informationValue`];
            const englishError =
              errors[`en.information.${index}.informationKey`] ??
              errors[`en.information.${index}.informationValue`];
            return (
              <div className="d-flex gap-2 align-items-start mb-2">
                {handle}
                <div className="flex-grow-1">
                  <div className="d-flex gap-2 align-items-start mb-1">
                    <div style={{ maxWidth: '14rem' }}>
                      <Form.Control
                        aria-label={t('products.specs.name', { number: index + 1 })}
                        placeholder={t('products.specs.namePlaceholder')}
                        value={row.key}
                        isInvalid={Boolean(keyError)}
                        onChange={(event) => update(row.id, { key: event.target.value })}
                      />
                      <Form.Control.Feedback type="invalid">{keyError}</Form.Control.Feedback>
                    </div>
                    <div className="flex-grow-1">
                      <Form.Control
                        aria-label={t('products.specs.value', { number: index + 1 })}
                        placeholder={t('products.specs.valuePlaceholder')}
                        value={row.value}
                        isInvalid={Boolean(valueError)}
                        onChange={(event) => update(row.id, { value: event.target.value })}
                      />
                      <Form.Control.Feedback type="invalid">{valueError}</Form.Control.Feedback>
                    </div>
                  </div>
                  <div className="d-flex gap-2 align-items-start">
                    <div style={{ maxWidth: '14rem' }}>
                      <Form.Control
                        size="sm"
                        aria-label={t('products.specs.nameEn', { number: index + 1 })}
                        placeholder={t('products.specs.nameEnPlaceholder')}
                        value={row.keyEn}
                        isInvalid={Boolean(englishError)}
                        onChange={(event) => update(row.id, { keyEn: event.target.value })}
                      />
                    </div>
                    <div className="flex-grow-1">
                      <Form.Control
                        size="sm"
                        aria-label={t('products.specs.valueEn', { number: index + 1 })}
                        placeholder={t('products.specs.valueEnPlaceholder')}
                        value={row.valueEn}
                        isInvalid={Boolean(englishError)}
                        onChange={(event) => update(row.id, { valueEn: event.target.value })}
                      />
                      <Form.Control.Feedback type="invalid">{englishError}</Form.Control.Feedback>
                    </div>
                  </div>
                  {anyEnglish && !row.keyEn.trim() && (
                    <div className="form-text text-warning-emphasis">
                      {t('products.specs.notInEnglish')}
                    </div>
                  )}
                </div>
                <Button
                  variant="outline-danger"
                  aria-label={t('products.specs.remove', { name: row.key || index + 1 })}
                  onClick={() => onChange(rows.filter((one) => one.id !== row.id))}
                >
                  ×
                </Button>
              </div>
            );
          }}
        />
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() =>
            onChange([...rows, { id: newRowKey(), key: '', value: '', keyEn: '', valueEn: '' }])
          }
        >
          {t('products.specs.add')}
        </Button>
      </Card.Body>
    </Card>
  );
}
