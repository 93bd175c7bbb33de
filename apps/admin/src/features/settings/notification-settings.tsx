import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { notificationSettingsSchema, type NotificationSettings } from '@shop/shared';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/use-session.js';
import { useNotificationSettings, useSaveNotificationSettings } from './api.js';
import type en from './i18n/en.json';

/** The form as typed: the recipients one per line, and the low-stock switch. */
interface NotificationForm {
  recipients: string;
  lowStockMail: boolean;
}

const fields = ['recipients', 'lowStockMail'];

const formOf = (settings: NotificationSettings): NotificationForm => ({
  recipients: settings.orderMailRecipients.join('\n'),
  lowStockMail: settings.lowStockMail,
});

/** One address a line; blank lines and the spaces around an address are not part of it. */
const recipientsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * The server names a refused recipient by its place in the list (`orderMailRecipients.1`); the
 * form has them all in one field.
 */
function onFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fieldErrors: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    const name = field.startsWith('orderMailRecipients') ? 'recipients' : field;
    fieldErrors[name] ??= message;
  }
  return new ApiError(error.message, error.status, fieldErrors, error.body);
}

/**
 * Who hears of new orders and low stock (issue 34): the addresses mailed each new order and the
 * morning's list of items running low, and whether that list is sent. Every staff member sees
 * it, since it says where the shop's order mail goes; only the owner changes it.
 */
export function NotificationSettingsSection() {
  const t = useT<typeof en>();
  const loaded = useNotificationSettings();
  return (
    <section aria-labelledby="settings-notifications" className="mt-5">
      <h2 id="settings-notifications" className="h4">
        {t('settings.notifications.title')}
      </h2>
      <PageState of={loaded} />
      {loaded.data && (
        // A new key after each save, so the form starts again from what is stored.
        <NotificationSettingsForm key={JSON.stringify(loaded.data)} settings={loaded.data} />
      )}
    </section>
  );
}

function NotificationSettingsForm({ settings }: { settings: NotificationSettings }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const owner = useSession()?.role === 'owner';
  const save = useSaveNotificationSettings();
  const [problem, setProblem] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<NotificationForm>({ defaultValues: formOf(settings) });

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    // Checked here with the server's own rules first, so a typo is marked before anything is sent.
    const checked = notificationSettingsSchema.safeParse({
      orderMailRecipients: recipientsOf(values.recipients),
      lowStockMail: values.lowStockMail,
    });
    if (!checked.success) {
      for (const issue of checked.error.issues)
        setError(issue.path[0] === 'lowStockMail' ? 'lowStockMail' : 'recipients', {
          type: 'validate',
          message: issue.message,
        });
      return;
    }
    try {
      await save(checked.data);
      toast(t('settings.notifications.saved'));
    } catch (error) {
      setProblem(showServerErrors(onFormFields(error), setError, fields));
    }
  });

  return (
    <Form noValidate onSubmit={submit} aria-label={t('settings.notifications.form')}>
      {problem && <Alert variant="danger">{message(problem)}</Alert>}
      <Card>
        <Card.Body>
          <FormField
            label={t('settings.notifications.recipients')}
            registration={register('recipients')}
            error={errors.recipients}
            help={t('settings.notifications.recipientsHelp')}
            rows={4}
            readOnly={!owner}
            spellCheck={false}
            autoComplete="off"
          />
          <Form.Check
            type="switch"
            id="low-stock-mail"
            label={t('settings.notifications.lowStockMail')}
            disabled={!owner}
            isInvalid={Boolean(errors.lowStockMail)}
            {...register('lowStockMail')}
          />
          <Form.Text muted>{t('settings.notifications.lowStockMailHelp')}</Form.Text>
          {errors.lowStockMail?.message && (
            <div className="text-danger small mt-1">{message(errors.lowStockMail.message)}</div>
          )}
          {!owner && (
            <p className="small text-body-secondary mt-3 mb-0">
              {t('settings.notifications.ownerOnly')}
            </p>
          )}
        </Card.Body>
      </Card>
      {owner && (
        <div className="d-flex gap-2 align-items-center mt-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('settings.shop.saving') : t('settings.notifications.save')}
          </Button>
          {isDirty && (
            <span className="small text-body-secondary">{t('settings.shop.unsaved')}</span>
          )}
        </div>
      )}
    </Form>
  );
}
