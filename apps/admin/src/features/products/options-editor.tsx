import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { DraftOption } from './item-matrix.js';
import type { FieldErrors } from './product-form.js';

const splitValues = (text: string) => text.split(',').map((value) => value.trimStart());

/**
 * The options (Size, Colour…) and their values, typed comma-separated; the item matrix below
 * follows every change.
 */
export function OptionsEditor({
  options,
  onChange,
  errors,
}: {
  options: DraftOption[];
  onChange: (options: DraftOption[]) => void;
  errors: FieldErrors;
}) {
  const update = (index: number, patch: Partial<DraftOption>) =>
    onChange(options.map((option, at) => (at === index ? { ...option, ...patch } : option)));
  const optionError = (index: number) =>
    Object.entries(errors).find(([path]) => path.startsWith(`options.${index}.`))?.[1];
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Options</h2>
        <p className="small text-body-secondary">
          Such as Size with S, M, L. Each combination of values is an item with its own SKU, price
          and stock. Removing a value deletes its item, or archives it when it has been ordered.
        </p>
        {options.map((option, index) => (
          <div key={index} className="d-flex gap-2 align-items-start mb-2 flex-wrap">
            <Form.Control
              aria-label={`Name of option ${index + 1}`}
              placeholder="Option, e.g. Size"
              style={{ maxWidth: '12rem' }}
              value={option.name}
              onChange={(event) => update(index, { name: event.target.value })}
              isInvalid={Boolean(optionError(index))}
            />
            <div className="flex-grow-1">
              <Form.Control
                aria-label={`Values of option ${index + 1}, separated by commas`}
                placeholder="Values, comma-separated: S, M, L"
                value={option.values.join(',')}
                onChange={(event) => update(index, { values: splitValues(event.target.value) })}
                isInvalid={Boolean(optionError(index))}
              />
              <Form.Control.Feedback type="invalid">{optionError(index)}</Form.Control.Feedback>
            </div>
            <Button
              variant="outline-danger"
              aria-label={`Remove option ${option.name || index + 1}`}
              onClick={() => onChange(options.filter((_, at) => at !== index))}
            >
              ×
            </Button>
          </div>
        ))}
        {options.length < 5 && (
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => onChange([...options, { name: '', values: [] }])}
          >
            Add an option
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}
