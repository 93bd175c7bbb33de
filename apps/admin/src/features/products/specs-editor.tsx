import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { SortableList } from '../../components/sortable-list.js';
import { newRowKey, type FieldErrors } from './product-form.js';

export interface SpecRow {
  id: string;
  key: string;
  value: string;
}

/** Technical specifications as name/value rows, in the order the product page lists them. */
export function SpecsEditor({
  rows,
  onChange,
  errors,
}: {
  rows: SpecRow[];
  onChange: (rows: SpecRow[]) => void;
  errors: FieldErrors;
}) {
  const update = (id: string, patch: Partial<SpecRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Technical specifications</h2>
        <SortableList
          items={rows}
          className="list-unstyled"
          onReorder={onChange}
          renderItem={(row, handle) => {
            const index = rows.indexOf(row);
            const keyError = errors[`information.${index}.informationKey`];
            const valueError = errors[`information.${index}.informationValue`];
            return (
              <div className="d-flex gap-2 align-items-start mb-2">
                {handle}
                <div style={{ maxWidth: '14rem' }}>
                  <Form.Control
                    aria-label={`Name of specification ${index + 1}`}
                    placeholder="Name, e.g. Material"
                    value={row.key}
                    isInvalid={Boolean(keyError)}
                    onChange={(event) => update(row.id, { key: event.target.value })}
                  />
                  <Form.Control.Feedback type="invalid">{keyError}</Form.Control.Feedback>
                </div>
                <div className="flex-grow-1">
                  <Form.Control
                    aria-label={`Value of specification ${index + 1}`}
                    placeholder="Value, e.g. 100 % hemp"
                    value={row.value}
                    isInvalid={Boolean(valueError)}
                    onChange={(event) => update(row.id, { value: event.target.value })}
                  />
                  <Form.Control.Feedback type="invalid">{valueError}</Form.Control.Feedback>
                </div>
                <Button
                  variant="outline-danger"
                  aria-label={`Remove specification ${row.key || index + 1}`}
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
          onClick={() => onChange([...rows, { id: newRowKey(), key: '', value: '' }])}
        >
          Add a specification
        </Button>
      </Card.Body>
    </Card>
  );
}
