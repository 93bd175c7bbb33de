import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'type'> & {
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
};

/**
 * A labelled input of the account forms. It takes what react-hook-form's `register` returns, or
 * a value with its change handler.
 */
export function TextField({ label, type = 'text', ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} type={type} className="form-control" {...input} />
    </div>
  );
}

/**
 * The one message of a form that shows its first problem above its fields: its schema reports
 * only that problem, at the field it concerns.
 */
export function formProblem(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string' && error.message !== '') return error.message;
  }
  return undefined;
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
