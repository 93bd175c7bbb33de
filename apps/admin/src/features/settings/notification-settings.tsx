import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { notificationSettingsSchema, type NotificationSettings } from '@shop/shared';
import { FormField } from '../../components/form-field.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useNotificationSettings, useSaveNotificationSettings } from './api.js';
import type en from './i18n/en.json';
import { SettingsForm, SettingsSection, useSettingsSave } from './settings-section.js';

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
  return (
    <SettingsSection
      id="settings-notifications"
      title={t('settings.notifications.title')}
      loaded={useNotificationSettings()}
      form={(settings) => <NotificationSettingsForm settings={settings} />}
    />
  );
}

function NotificationSettingsForm({ settings }: { settings: NotificationSettings }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const { owner, problem, send } = useSettingsSave(
    useSaveNotificationSettings(),
    t('settings.notifications.saved'),
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<NotificationForm>({ defaultValues: formOf(settings) });

  const submit = handleSubmit(async (values) => {
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
    await send(checked.data, (error) => showServerErrors(onFormFields(error), setError, fields));
  });

  return (
    <SettingsForm
      label={t('settings.notifications.form')}
      onSubmit={submit}
      problem={problem}
      owner={owner}
      ownerOnly={t('settings.notifications.ownerOnly')}
      saveText={t('settings.notifications.save')}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
    >
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
    </SettingsForm>
  );
}
