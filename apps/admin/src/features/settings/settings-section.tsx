import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useState, type FormEventHandler, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/use-session.js';
import type en from './i18n/en.json';

/**
 * One group of settings on the settings page (payments, order and stock mail, product feeds):
 * its heading, the state of its loading, and its form once loaded.
 */
export function SettingsSection<Settings>({
  id,
  title,
  intro,
  loaded,
  form,
}: {
  id: string;
  title: string;
  intro?: string;
  loaded: UseQueryResult<Settings>;
  form: (settings: Settings) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-5">
      <h2 id={id} className="h4">
        {title}
      </h2>
      {intro && <p className="text-body-secondary">{intro}</p>}
      <PageState of={loaded} />
      {loaded.data && (
        // A new key after each save, so the form starts again from what is stored.
        <Fragment key={JSON.stringify(loaded.data)}>{form(loaded.data)}</Fragment>
      )}
    </section>
  );
}

/**
 * A settings group's save: the owner's alone (the server refuses anyone else), a toast once
 * stored, and the server's refusal kept to show above the form; `refused` places its field
 * messages and answers what is left to say.
 */
export function useSettingsSave<Values>(
  save: (values: Values) => Promise<unknown>,
  savedText: string,
) {
  const toast = useToast();
  const owner = useSession()?.role === 'owner';
  const [problem, setProblem] = useState<string>();
  const send = async (values: Values, refused: (error: unknown) => string | undefined) => {
    setProblem(undefined);
    try {
      await save(values);
      toast(savedText);
    } catch (error) {
      setProblem(refused(error));
    }
  };
  return { owner, problem, send };
}

/**
 * A settings group's form: the server's refusal above its card, a note for staff that only the
 * owner changes it, and for the owner the save button with a word when there are unsaved changes.
 */
export function SettingsForm({
  label,
  onSubmit,
  problem,
  owner,
  ownerOnly,
  saveText,
  isSubmitting,
  isDirty,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  problem: string | undefined;
  owner: boolean;
  ownerOnly: string;
  saveText: string;
  isSubmitting: boolean;
  isDirty: boolean;
  children: ReactNode;
}) {
  const t = useT<typeof en>();
  const message = useMessage();
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={label}>
      {problem && <Alert variant="danger">{message(problem)}</Alert>}
      <Card>
        <Card.Body>
          {children}
          {!owner && <p className="small text-body-secondary mt-3 mb-0">{ownerOnly}</p>}
        </Card.Body>
      </Card>
      {owner && (
        <div className="d-flex gap-2 align-items-center mt-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('settings.shop.saving') : saveText}
          </Button>
          {isDirty && (
            <span className="small text-body-secondary">{t('settings.shop.unsaved')}</span>
          )}
        </div>
      )}
    </Form>
  );
}
