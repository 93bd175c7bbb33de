import { useId, type ReactNode } from 'react';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  name?: string;
}

/** A labelled input of the account forms. */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  name,
}: TextFieldProps) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="form-control"
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** A problem to fix, announced as it appears. */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="alert alert-danger py-2">
      {children}
    </div>
  );
}

/** A good outcome, announced politely. */
export function SuccessMessage({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="alert alert-success py-2">
      {children}
    </div>
  );
}

/** The narrow centred card the login, forgot, reset and verify screens sit in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container py-5" style={{ maxWidth: '28rem' }}>
      <div className="card shadow-sm">
        <div className="card-body p-4">
          <h1 className="h4 mb-4 text-center">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}

/** A submit button that says it is busy while its call runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary w-100" disabled={busy} aria-busy={busy}>
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {children}
    </button>
  );
}
