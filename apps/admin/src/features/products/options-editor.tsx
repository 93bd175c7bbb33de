import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useT } from '../../lib/i18n.js';
import { EnglishFallback } from './english-fallback.js';
import type en from './i18n/en.json';
import type { DraftOption } from './item-matrix.js';
import type { FieldErrors } from './product-form.js';

const splitValues = (text: string) => text.split(',').map((value) => value.trimStart());

/**
 * The options (Size, Colour…) and their values, typed comma-separated, with their English names
 * and values beside them by position; the item matrix below follows every change.
 */
export function OptionsEditor({
  options,
  english,
  onChange,
  errors,
}: {
  options: DraftOption[];
  english: DraftOption[];
  onChange: (options: DraftOption[], english: DraftOption[]) => void;
  errors: FieldErrors;
}) {
  const t = useT<typeof en>();
  const englishAt = (index: number) => english[index] ?? { name: '', values: [] };
  const update = (index: number, patch: Partial<DraftOption>) =>
    onChange(
      options.map((option, at) => (at === index ? { ...option, ...patch } : option)),
      options.map((_, at) => englishAt(at)),
    );
  const updateEnglish = (index: number, patch: Partial<DraftOption>) =>
    onChange(
      options,
      options.map((_, at) => (at === index ? { ...englishAt(at), ...patch } : englishAt(at))),
    );
  const optionError = (index: number) =>
    Object.entries(errors).find(([path]) => path.startsWith(`options.${index}.`))?.[1];
  const englishError = (index: number) =>
    Object.entries(errors).find(([path]) => path.startsWith(`en.options.${index}.`))?.[1];
  /** An English name or value left empty, of one a bokmål name or value gives. */
  const fallsBack = (option: DraftOption, index: number) =>
    (option.name.trim() !== '' && !englishAt(index).name.trim()) ||
    option.values.some((value, at) => value.trim() !== '' && !englishAt(index).values[at]?.trim());
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{t('products.options.title')}</h2>
        <p className="small text-body-secondary">{t('products.options.help')}</p>
        {options.map((option, index) => (
          <div key={index} className="border-bottom pb-2 mb-2">
            <div className="d-flex gap-2 align-items-start mb-2 flex-wrap">
              <Form.Control
                aria-label={t('products.options.name', { number: index + 1 })}
                placeholder={t('products.options.namePlaceholder')}
                style={{ maxWidth: '12rem' }}
                value={option.name}
                onChange={(event) => update(index, { name: event.target.value })}
                isInvalid={Boolean(optionError(index))}
              />
              <div className="flex-grow-1">
                <Form.Control
                  aria-label={t('products.options.values', { number: index + 1 })}
                  placeholder={t('products.options.valuesPlaceholder')}
                  value={option.values.join(',')}
                  onChange={(event) => update(index, { values: splitValues(event.target.value) })}
                  isInvalid={Boolean(optionError(index))}
                />
                <Form.Control.Feedback type="invalid">{optionError(index)}</Form.Control.Feedback>
              </div>
              <Button
                variant="outline-danger"
                aria-label={t('products.options.remove', { name: option.name || index + 1 })}
                onClick={() =>
                  onChange(
                    options.filter((_, at) => at !== index),
                    options.map((_, at) => englishAt(at)).filter((_, at) => at !== index),
                  )
                }
              >
                ×
              </Button>
            </div>
            <div className="d-flex gap-2 align-items-start flex-wrap">
              <Form.Control
                size="sm"
                aria-label={t('products.options.nameEn', { number: index + 1 })}
                placeholder={t('products.options.nameEnPlaceholder')}
                style={{ maxWidth: '12rem' }}
                value={englishAt(index).name}
                onChange={(event) => updateEnglish(index, { name: event.target.value })}
                isInvalid={Boolean(englishError(index))}
              />
              <div className="flex-grow-1">
                <Form.Control
                  size="sm"
                  aria-label={t('products.options.valuesEn', { number: index + 1 })}
                  placeholder={t('products.options.valuesEnPlaceholder')}
                  value={englishAt(index).values.join(',')}
                  onChange={(event) =>
                    updateEnglish(index, { values: splitValues(event.target.value) })
                  }
                  isInvalid={Boolean(englishError(index))}
                />
                <Form.Control.Feedback type="invalid">{englishError(index)}</Form.Control.Feedback>
                {fallsBack(option, index) && <EnglishFallback />}
              </div>
            </div>
          </div>
        ))}
        {options.length < 5 && (
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() =>
              onChange(
                [...options, { name: '', values: [] }],
                [...options.map((_, at) => englishAt(at)), { name: '', values: [] }],
              )
            }
          >
            {t('products.options.add')}
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
